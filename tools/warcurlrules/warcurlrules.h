// warcurlrules: URL rules learned from duplicate clusters (warcurlrules(1)).
#pragma once

#include <string>
#include <vector>

#include "toolcommon/diag.h"

namespace warcurlrules {

struct Options {
  std::string command;  // learn, apply, eval, estimate
  std::string rules;    // learn: -o; the others: the first argument
  std::vector<std::string> inputs;
  bool recursive = false;
  // learn
  double held_out = 0.2;
  uint64_t min_coverage = 3;
  double min_precision = 0.95;
  uint64_t min_payload = 1024;
  std::string near_clusters;    // warcnear --clusters output, off by default
  std::string format = "text";  // text, or pywb (also RULES.yaml)
  // apply
  std::string output = "-";
  bool surt = false;
  // eval
  std::vector<double> thresholds = {1.0, 0.99, 0.95, 0.9, 0.8, 0.0};
  bool per_rule = false;
  int jobs = 1;
  bool progress = false;
};

int Learn(const Options& o, toolcommon::Diag* diag);
int ApplyRules(const Options& o, toolcommon::Diag* diag);
int Eval(const Options& o, toolcommon::Diag* diag);
int Estimate(const Options& o, toolcommon::Diag* diag);

}  // namespace warcurlrules
