// warcnear: near-duplicate pairs and clusters from signature files, each
// pair's similarity checked exactly (see warcnear(1)).
#include <CLI/CLI.hpp>

#include "toolcommon/cli.h"
#include "toolcommon/io.h"
#include "toolcommon/temp_files.h"
#include "warcnear.h"

int main(int argc, char** argv) {
  CLI::App app{
      "Find the pairs of records whose shingle sets reach a similarity threshold, from "
      "signature files (warcsig(5)): candidates by MinHash LSH, simhash or an exact join, "
      "every candidate checked exactly.",
      "warcnear"};
  warcnear::RunOptions options;
  toolcommon::CommonOptions common;
  std::string measure = "jaccard", method = "lsh";
  bool exact = false;
  app.add_option("inputs", options.inputs, "Signature files (of the same settings)")->required();
  app.add_option("-t,--threshold", options.threshold, "Report pairs at or above this similarity")
      ->check(CLI::Range(0.01, 1.0))
      ->capture_default_str();
  app.add_option("--measure", measure, "Similarity measure: jaccard, containment or dice")
      ->check(CLI::IsMember({"jaccard", "containment", "dice"}))
      ->capture_default_str();
  app.add_option("--method", method,
                 "Candidates by lsh (MinHash bands), simhash (Hamming distance) or exact (the "
                 "prefix-filter join: no pair missed)")
      ->check(CLI::IsMember({"lsh", "simhash", "exact"}))
      ->capture_default_str();
  app.add_flag("--exact", exact, "The same as --method exact");
  app.add_option("--bits", options.bits, "--method simhash: Hamming distance allowed, 0 to 16")
      ->check(CLI::Range(0, 16))
      ->capture_default_str();
  app.add_flag("--clusters", options.clusters,
               "One line per record with its cluster and the cluster's representative, instead "
               "of pairs");
  app.add_option("-o,--output", options.output, "Write to FILE ('-': stdout)")->type_name("FILE");
  app.add_option("-j,--jobs", options.jobs, "Worker threads (output unchanged)")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  toolcommon::AddCommonOptions(&app, &common);
  if (int rc = toolcommon::ParseCommandLine(&app, argc, argv); rc >= 0) return rc;

  toolcommon::Diag diag("warcnear");
  diag.set_verbosity(common.Verbosity());
  options.measure = *neardup::ParseMeasure(measure);
  if (exact && method != "lsh" && method != "exact") {
    return toolcommon::UsageError("warcnear", "--exact contradicts --method " + method);
  }
  if (exact) method = "exact";
  options.method = method == "lsh"       ? warcnear::Method::kLsh
                   : method == "simhash" ? warcnear::Method::kSimhash
                                         : warcnear::Method::kExact;
  options.progress = common.progress || (common.Verbosity() > 0 && toolcommon::StderrIsTerminal());
  toolcommon::InstallInterruptHandler();
  return warcnear::Run(options, &diag);
}
