// tengen-serve: the web view (`tengen serve` hands over to it). Its own executable so that only it
// loads the web server's libraries.
#include "cli/commands.h"
#include "cli/run_guarded.h"

int main(int argc, char** argv) { return tengen::cli::runGuarded("serve", tengen::cli::runWebServer, argc, argv); }
