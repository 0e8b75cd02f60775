#include "corpus.h"

#include <algorithm>
#include <string_view>
#include <tuple>

namespace warcnear {

Corpus Load(const std::vector<std::string>& inputs, toolcommon::Diag* diag) {
  Corpus c;
  for (const auto& path : inputs) {
    auto file = neardup::SigFile::Open(path);
    if (!file.ok()) {
      diag->Error(file.status().message());
      continue;
    }
    if (!c.files.empty()) {
      auto s = neardup::CheckCompatible((*file)->header(), c.header());
      if (!s.ok()) {
        diag->Error(path + ": left out: its settings differ from " + c.files.front()->name() +
                    "'s: " + s.message());
        continue;
      }
    }
    c.files.push_back(std::move(*file));
  }
  // The sort keys, read once per record (views into the maps).
  struct Keyed {
    std::string_view date, file;
    uint64_t offset;
    Corpus::Ref ref;
    auto key() const { return std::tie(date, file, offset, ref.file, ref.index); }
  };
  std::vector<Keyed> keyed;
  for (uint32_t f = 0; f < c.files.size(); ++f) {
    for (uint32_t i = 0; i < c.files[f]->size(); ++i) {
      auto v = c.files[f]->record(i);
      keyed.push_back({v.date, v.file, v.offset, {f, i}});
    }
  }
  std::sort(keyed.begin(), keyed.end(),
            [](const Keyed& a, const Keyed& b) { return a.key() < b.key(); });
  c.refs.reserve(keyed.size());
  c.docs.reserve(keyed.size());
  for (const Keyed& k : keyed) {
    c.refs.push_back(k.ref);
    auto v = c.files[k.ref.file]->record(k.ref.index);
    c.docs.push_back({v.minhash, v.shingles, v.simhash});
  }
  return c;
}

}  // namespace warcnear
