#include "neardup/sig_corpus.h"

#include <algorithm>
#include <map>
#include <string_view>
#include <tuple>
#include <unordered_map>

namespace neardup {

namespace {

// One record's capture-order key, copied out of the map (so that sorting
// reads no record page).
struct Keyed {
  std::string date;
  uint32_t name;  // into the names, first in order of appearance, then sorted
  uint64_t offset;
  SigCorpus::Ref ref;
  auto place() const { return std::tie(name, offset, ref.file, ref.index); }
  auto capture() const { return std::tie(date, name, offset, ref.file, ref.index); }
};

base::Status OpenCompatible(const std::string& path, SigCorpus* c) {
  auto file = SigFile::Open(path);
  if (!file.ok()) return file.status();
  if (!c->files.empty()) {
    auto s = CheckCompatible((*file)->header(), c->header());
    if (!s.ok()) {
      return base::Status::InvalidArgument(path + ": left out: its settings differ from " +
                                           c->files.front()->name() + "'s: " + s.message());
    }
  }
  c->files.push_back(std::move(*file));
  return base::Status::Ok();
}

// Every record's key, read in one pass per file; names interned.
std::vector<Keyed> ReadKeys(SigCorpus* c) {
  std::unordered_map<std::string, uint32_t> ids;
  std::vector<Keyed> keyed;
  size_t records = 0;
  for (const auto& file : c->files) records += file->size();
  keyed.reserve(records);  // 56 bytes a record, not twice that while it grows
  for (uint32_t f = 0; f < c->files.size(); ++f) {
    c->files[f]->Scan([&](size_t i, const SigRecordView& v) {
      auto [it, added] = ids.try_emplace(std::string(v.file), static_cast<uint32_t>(ids.size()));
      keyed.push_back({std::string(v.date), it->second, v.offset, {f, static_cast<uint32_t>(i)}});
    });
  }
  // Names sorted, and ids renumbered to their places.
  c->names.resize(ids.size());
  for (const auto& [name, id] : ids) c->names[id] = name;
  std::vector<uint32_t> order(ids.size()), place(ids.size());
  for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(),
            [&](uint32_t a, uint32_t b) { return c->names[a] < c->names[b]; });
  std::vector<std::string> sorted(ids.size());
  for (uint32_t p = 0; p < order.size(); ++p) {
    place[order[p]] = p;
    sorted[p] = std::move(c->names[order[p]]);
  }
  c->names = std::move(sorted);
  for (Keyed& k : keyed) k.name = place[k.name];
  return keyed;
}

// Leaves out every record whose WARC file and offset came before (in an
// earlier signature file, or earlier in the same one), with one error per
// pair of signature files.
void DropRepeats(const SigCorpus& c, std::vector<Keyed>* keyed,
                 const std::function<void(const std::string&)>& error) {
  std::sort(keyed->begin(), keyed->end(),
            [](const Keyed& a, const Keyed& b) { return a.place() < b.place(); });
  struct Repeats {
    uint64_t count = 0;
    uint32_t first_index = 0;  // the first repeat's record number in the later file
    std::string first;         // its key and both record numbers
  };
  std::map<std::pair<uint32_t, uint32_t>, Repeats> repeats;  // (later, earlier) files
  std::vector<Keyed> kept;
  kept.reserve(keyed->size());
  for (Keyed& k : *keyed) {
    if (!kept.empty() && kept.back().name == k.name && kept.back().offset == k.offset) {
      const SigCorpus::Ref first = kept.back().ref;
      Repeats& r = repeats[{k.ref.file, first.file}];
      if (r.count++ == 0 || k.ref.index < r.first_index) {
        r.first_index = k.ref.index;
        r.first = c.names[k.name] + ' ' + std::to_string(k.offset) + ", record " +
                  std::to_string(k.ref.index) + " here, record " + std::to_string(first.index) +
                  " there";
      }
      continue;
    }
    kept.push_back(std::move(k));
  }
  for (const auto& [files, r] : repeats) {
    error(c.files[files.first]->name() + ": " + std::to_string(r.count) + " record" +
          (r.count == 1 ? "" : "s") + " left out: the same WARC record" +
          (r.count == 1 ? "" : "s") + " as in " + c.files[files.second]->name() +
          " (the first: " + r.first + ")");
  }
  *keyed = std::move(kept);
}

}  // namespace

SigCorpus LoadSigCorpus(const std::vector<std::string>& inputs,
                        const std::function<void(const std::string&)>& error) {
  SigCorpus c;
  for (const auto& path : inputs) {
    if (auto s = OpenCompatible(path, &c); !s.ok()) error(s.message());
  }
  std::vector<Keyed> keyed = ReadKeys(&c);
  DropRepeats(c, &keyed, error);
  std::sort(keyed.begin(), keyed.end(),
            [](const Keyed& a, const Keyed& b) { return a.capture() < b.capture(); });
  c.refs.reserve(keyed.size());
  c.keys.reserve(keyed.size());
  c.docs.reserve(keyed.size());
  for (const Keyed& k : keyed) {
    const SigFile& file = *c.files[k.ref.file];
    c.refs.push_back(k.ref);
    c.keys.push_back({k.offset, k.name});
    // Views: no byte of the record itself is read here.
    c.docs.push_back(
        {file.minhash(k.ref.index), file.shingles(k.ref.index), file.simhash(k.ref.index)});
  }
  return c;
}

}  // namespace neardup
