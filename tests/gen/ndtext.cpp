#include "ndtext.h"

#include <algorithm>
#include <set>

namespace warcgen {
namespace {

constexpr uint32_t kLatinWords = 6000;

// Common Japanese words, all in JIS X 0208 (so Shift_JIS and EUC-JP hold
// them), separated by spaces.
constexpr const char* kNouns =
    "日本 東京 大阪 京都 会社 学校 先生 学生 時間 今日 明日 昨日 世界 経済 "
    "政治 社会 文化 歴史 音楽 映画 写真 天気 電車 自動車 新聞 雑誌 図書館 病院 "
    "銀行 電話 手紙 友達 家族 子供 母 父 仕事 会議 計画 問題 結果 理由 "
    "方法 意見 質問 研究 技術 情報 市場 価格 製品 商品 店 駅 空港 道 "
    "川 山 海 空 花 森 町 村 国 地域 政府 大臣 選挙 法律 "
    "教育 大学 試験 授業 料理 食事 野菜 果物 魚 肉 お茶 水 朝 夜 "
    "春 夏 秋 冬 季節 旅行 休み 週末 場所 部屋 建物 公園 事件 事故 "
    "警察 記者 番組 放送 選手 試合 野球 サッカー 記録 気持ち 言葉 意味 漢字 名前 "
    "時代 将来 環境 自然 電気 会員 住民 市民 企業 社長 社員 工場 農業 観光 "
    "地震 台風 雨 雪 風 港 橋 島 鉄道 エネルギー コンピューター インターネット ホテル レストラン "
    "ニュース スポーツ データ システム サービス";
constexpr const char* kParticles = "は が を に で と の も へ から";
constexpr const char* kPredicates =
    "です ます ました でした あります ありました います 行きます "
    "来ます 見ます 話します 考えます 始まります 終わります 増えます 減りました "
    "発表しました 決めました 調べました 使います 作ります 買いました 読みました 書きました "
    "聞きました 思います 言いました 続きます";

// Zipf (s = 1) over n ranks, tabulated into 2^20 equally likely slots.
std::vector<uint16_t> ZipfTable(size_t n) {
  std::vector<double> cdf(n);
  double total = 0;
  for (size_t r = 0; r < n; ++r) cdf[r] = total += 1.0 / static_cast<double>(r + 1);
  std::vector<uint16_t> table(1 << 20);
  size_t rank = 0;
  for (size_t i = 0; i < table.size(); ++i) {
    double u = (static_cast<double>(i) + 0.5) / static_cast<double>(table.size()) * total;
    while (rank + 1 < n && cdf[rank] < u) ++rank;
    table[i] = static_cast<uint16_t>(rank);
  }
  return table;
}

// "garden" -> "gardén": the first a, e, o, u, n or c after the first letter
// takes a Latin-1 accent (so capitalising the first letter stays ASCII).
std::string Accented(const std::string& word) {
  static const std::pair<char, const char*> kAccents[] = {{'e', "é"}, {'a', "à"}, {'o', "ö"},
                                                          {'u', "ü"}, {'n', "ñ"}, {'c', "ç"}};
  for (size_t i = 1; i < word.size(); ++i)
    for (const auto& [plain, accented] : kAccents)
      if (word[i] == plain) return word.substr(0, i) + accented + word.substr(i + 1);
  return word + "é";
}

size_t WordsIn(const std::vector<uint32_t>& block) {
  return static_cast<size_t>(std::count_if(block.begin(), block.end(), IsWord));
}

// The paragraph and index of the n-th word of the paragraphs.
bool LocateWord(MainText* text, size_t n, std::vector<uint32_t>** para, size_t* index) {
  for (auto& p : text->paragraphs) {
    for (size_t i = 0; i < p.size(); ++i) {
      if (!IsWord(p[i])) continue;
      if (n-- == 0) {
        *para = &p;
        *index = i;
        return true;
      }
    }
  }
  return false;
}

}  // namespace

size_t MainText::Words() const { return WordsIn(headline) + ParagraphWords(); }

size_t MainText::ParagraphWords() const {
  size_t n = 0;
  for (const auto& p : paragraphs) n += WordsIn(p);
  return n;
}

Vocabulary::Vocabulary() {
  // Pronounceable words from syllables, as content.cpp makes them.
  static const char* const kOnsets[] = {"b",  "c",  "d",  "f",  "g",  "h",  "j",  "k",  "l",
                                        "m",  "n",  "p",  "r",  "s",  "t",  "v",  "w",  "z",
                                        "th", "ch", "sh", "st", "br", "pl", "gr", "tr", ""};
  static const char* const kVowels[] = {"a", "e", "i", "o", "u", "ea", "ou", "io", "ai"};
  static const char* const kCodas[] = {"", "", "", "n", "r", "s", "l", "t", "nd", "ng", "m"};
  Rng rng(0x6e65617264757073ULL);
  std::set<std::string> seen;
  while (spellings_.size() < kLatinWords) {
    std::string w;
    int syllables = 1 + static_cast<int>(rng.Below(3)) + (rng.Chance(0.2) ? 1 : 0);
    for (int s = 0; s < syllables; ++s) {
      w += kOnsets[rng.Below(std::size(kOnsets))];
      w += kVowels[rng.Below(std::size(kVowels))];
      w += kCodas[rng.Below(std::size(kCodas))];
    }
    if (seen.insert(w).second) spellings_.push_back(w);
  }
  std::stable_sort(spellings_.begin(), spellings_.end(),
                   [](const std::string& a, const std::string& b) { return a.size() < b.size(); });
  latin_ = kLatinWords;
  for (uint32_t i = 0; i < latin_; ++i) spellings_.push_back(Accented(spellings_[i]));
  auto add = [this](std::string_view list) {
    for (size_t start = 0, end; start < list.size(); start = end + 1) {
      end = std::min(list.find(' ', start), list.size());
      spellings_.emplace_back(list.substr(start, end - start));
    }
  };
  nouns_ = static_cast<uint32_t>(spellings_.size());
  add(kNouns);
  particles_ = static_cast<uint32_t>(spellings_.size());
  add(kParticles);
  predicates_ = static_cast<uint32_t>(spellings_.size());
  add(kPredicates);
  japanese_end_ = static_cast<uint32_t>(spellings_.size());
  zipf_latin_ = ZipfTable(latin_);
  zipf_nouns_ = ZipfTable(particles_ - nouns_);
}

uint32_t Vocabulary::DrawWord(Rng* rng, Script script, bool accents) const {
  uint64_t r = rng->Next();
  if (script == Script::kJapanese) return nouns_ + zipf_nouns_[r >> 44];
  uint32_t word = zipf_latin_[r >> 44];
  return accents && (r & 0xff) < 10 ? word + latin_ : word;
}

void Vocabulary::Sentence(Rng* rng, Script script, bool accents, std::vector<uint32_t>* out) const {
  if (script == Script::kJapanese) {
    // (noun particle){1,4} noun? predicate.
    for (uint64_t i = 0, n = 1 + rng->Below(4); i < n; ++i) {
      out->push_back(DrawWord(rng, script, false));
      out->push_back(particles_ + static_cast<uint32_t>(rng->Below(predicates_ - particles_)));
      if (i + 1 < n && rng->Chance(0.15)) out->push_back(kComma);
    }
    if (rng->Chance(0.5)) out->push_back(DrawWord(rng, script, false));
    out->push_back(predicates_ + static_cast<uint32_t>(rng->Below(japanese_end_ - predicates_)));
  } else {
    for (uint64_t i = 0, n = 6 + rng->Below(20); i < n; ++i) {
      if (i > 3 && i + 2 < n && rng->Chance(0.06)) out->push_back(kComma);
      out->push_back(DrawWord(rng, script, accents));
    }
  }
  out->push_back(kPeriod);
}

MainText Vocabulary::NewText(Rng* rng, Script script, size_t words, bool accents) const {
  MainText text;
  text.script = script;
  for (uint64_t i = 0, n = 4 + rng->Below(8); i < n; ++i)
    text.headline.push_back(DrawWord(rng, script, accents));
  size_t total = 0;
  while (total < words) {
    std::vector<uint32_t> para;
    size_t target = std::min<size_t>(words - total, 30 + rng->Below(120));
    while (WordsIn(para) < target) Sentence(rng, script, accents, &para);
    total += WordsIn(para);
    text.paragraphs.push_back(std::move(para));
  }
  return text;
}

void Vocabulary::Spell(Script script, const std::vector<uint32_t>& block, std::string* out) const {
  bool latin = script == Script::kLatin, sentence_start = true, first = true;
  for (size_t i = 0; i < block.size(); ++i) {
    uint32_t t = block[i];
    if (!IsWord(t)) {
      // A mark after another mark or at the start (left by deletions) is dropped.
      if (first || !IsWord(block[i - 1])) continue;
      out->append(t == kPeriod ? (latin ? "." : "。") : (latin ? "," : "、"));
      sentence_start = t == kPeriod;
      continue;
    }
    if (latin && !first) out->push_back(' ');
    size_t at = out->size();
    out->append(spellings_[t]);
    if (latin && sentence_start && (*out)[at] >= 'a' && (*out)[at] <= 'z') (*out)[at] -= 'a' - 'A';
    sentence_start = first = false;
  }
}

std::string Vocabulary::TrueText(const MainText& text) const {
  std::string out;
  Spell(text.script, text.headline, &out);
  out.push_back('\n');
  for (const auto& p : text.paragraphs) {
    size_t at = out.size();
    Spell(text.script, p, &out);
    if (out.size() > at) out.push_back('\n');  // a paragraph left without words is none
  }
  return out;
}

void Vocabulary::Insert(Rng* rng, uint32_t count, MainText* text) const {
  for (uint32_t k = 0; k < count; ++k) {
    size_t words = text->ParagraphWords();
    std::vector<uint32_t>* para;
    size_t i;
    if (words == 0 || !LocateWord(text, rng->Below(words), &para, &i)) return;
    para->insert(para->begin() + static_cast<std::ptrdiff_t>(i),
                 DrawWord(rng, text->script, false));
  }
}

void Vocabulary::Delete(Rng* rng, uint32_t count, MainText* text) const {
  for (uint32_t k = 0; k < count; ++k) {
    size_t words = text->ParagraphWords();
    std::vector<uint32_t>* para;
    size_t i;
    if (words <= 1 || !LocateWord(text, rng->Below(words), &para, &i)) return;
    para->erase(para->begin() + static_cast<std::ptrdiff_t>(i));
  }
}

void Vocabulary::Substitute(Rng* rng, uint32_t count, MainText* text) const {
  size_t words = text->ParagraphWords();
  for (uint32_t k = 0; k < count && words > 0; ++k) {
    std::vector<uint32_t>* para;
    size_t i;
    if (!LocateWord(text, rng->Below(words), &para, &i)) return;
    uint32_t word;
    do word = DrawWord(rng, text->script, false);
    while (word == (*para)[i]);
    (*para)[i] = word;
  }
}

void ReorderParagraphs(Rng* rng, uint32_t moves, MainText* text) {
  auto& paras = text->paragraphs;
  if (paras.size() == 1 && paras[0].size() > 1) {
    // One paragraph: split at the sentence end nearest its middle first.
    auto& p = paras[0];
    size_t cut = p.size() / 2;
    for (size_t i = cut; i + 1 < p.size(); ++i)
      if (p[i] == kPeriod) {
        cut = i + 1;
        break;
      }
    paras.emplace_back(p.begin() + static_cast<std::ptrdiff_t>(cut), p.end());
    paras[0].resize(cut);
  }
  if (paras.size() < 2) return;
  auto before = paras;
  for (uint32_t k = 0; k < moves; ++k) {
    size_t from = rng->Below(paras.size()), to = rng->Below(paras.size() - 1);
    if (to >= from) ++to;  // never where it was
    std::vector<uint32_t> moved = std::move(paras[from]);
    paras.erase(paras.begin() + static_cast<std::ptrdiff_t>(from));
    paras.insert(paras.begin() + static_cast<std::ptrdiff_t>(std::min(to, paras.size())),
                 std::move(moved));
  }
  if (paras == before) std::swap(paras[0], paras[1]);  // the moves undid each other
}

void Truncate(size_t keep, MainText* text) {
  auto& paras = text->paragraphs;
  for (size_t p = 0; p < paras.size(); ++p) {
    size_t words = WordsIn(paras[p]);
    if (words < keep) {
      keep -= words;
      continue;
    }
    size_t i = 0;
    for (size_t seen = 0; i < paras[p].size() && seen < keep; ++i) seen += IsWord(paras[p][i]);
    paras[p].resize(i);
    if (!paras[p].empty()) paras[p].push_back(kPeriod);
    paras.resize(paras[p].empty() ? p : p + 1);
    return;
  }
}

}  // namespace warcgen
