#include "toolcommon/cli.h"

#include <iostream>
#include <string>
#include <vector>

namespace toolcommon {

const char* const kVersion = WARCDEDUP_VERSION;

void AddCommonOptions(CLI::App* app, CommonOptions* options) {
  app->add_flag("-q,--quiet", options->quiet, "Print nothing but errors");
  app->add_flag("-v,--verbose", options->verbose, "Print more (repeatable)");
  app->add_flag("--progress", options->progress,
                "Show a progress line on stderr even when it is not a terminal");
  app->set_version_flag("--version", std::string(app->get_name()) + " (warcdedup) " + kVersion);
}

int ParseCommandLine(CLI::App* app, int argc, char** argv) {
  try {
    app->parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    // "TOOL COMMAND --help" is the command's help (warcurlrules).
    std::vector<CLI::App*> commands = app->get_subcommands();
    std::cout << (commands.empty() ? app->help() : commands.back()->help());
    return kExitSuccess;
  } catch (const CLI::CallForVersion& e) {
    std::cout << e.what() << "\n";
    return kExitSuccess;
  } catch (const CLI::ParseError& e) {
    // CLI11 checks the required arguments before the unknown ones, so that
    // "warcsum --bogus" said "inputs is required": an argument the tool does
    // not know is what to report first, whatever else is wrong.
    std::vector<std::string> unknown = app->remaining();
    // Unknown options before stray arguments: with commands (warcurlrules),
    // "TOOL --bogus FILE" leaves FILE unconsumed too.
    std::vector<std::string> options;
    for (const std::string& a : unknown)
      if (a.size() > 1 && a[0] == '-') options.push_back(a);
    if (!options.empty()) unknown = options;
    std::string message = unknown.empty() ? e.what() : CLI::ExtrasError(unknown).what();
    return UsageError(app->get_name(), message);
  }
  return -1;
}

int UsageError(const std::string& tool, const std::string& message) {
  std::cerr << tool << ": " << message << "\n"
            << "Try '" << tool << " --help' for more information.\n";
  return kExitUsage;
}

}  // namespace toolcommon
