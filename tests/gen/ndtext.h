// The near-duplicate corpus's main texts: words from a fixed Zipf-like
// vocabulary (lower-case ASCII syllable words, a few with a Latin-1 accent;
// or Japanese words), and the edits that derive one text from another.
//
// A text is kept as word ids, so edits are cheap and exact; Spell() turns it
// into the true main text that the truth files give: one block per line.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rng.h"

namespace warcgen {

enum class Script : uint8_t { kLatin, kJapanese };

// A token: a word id below kPeriod, or a punctuation mark.
constexpr uint32_t kPeriod = 0xffffff00;
constexpr uint32_t kComma = 0xffffff01;
inline bool IsWord(uint32_t token) { return token < kPeriod; }

struct MainText {
  Script script = Script::kLatin;
  std::vector<uint32_t> headline;
  std::vector<std::vector<uint32_t>> paragraphs;
  // Words (not punctuation) in the headline and paragraphs; in the paragraphs.
  size_t Words() const;
  size_t ParagraphWords() const;
};

// How a text was derived from its base, for the truth's detail column.
struct EditCounts {
  uint32_t inserted = 0, deleted = 0, substituted = 0;
};

class Vocabulary {
 public:
  // Fixed (not derived from --seed), so that every corpus shares it.
  Vocabulary();

  // A new text of about `words` words in paragraphs of sentences.
  MainText NewText(Rng* rng, Script script, size_t words, bool accents) const;
  // A word drawn from the Zipf-like distribution (Latin: with an accent with
  // probability 0.04 when accents).
  uint32_t DrawWord(Rng* rng, Script script, bool accents) const;
  std::string_view Spelling(uint32_t word) const { return spellings_[word]; }
  // The word without its accent (a Latin word), or the word.
  uint32_t Unaccented(uint32_t word) const {
    return word >= latin_ && word < 2 * latin_ ? word - latin_ : word;
  }

  // Appends a block as plain text (UTF-8): Latin words separated by one
  // space, the first word of each sentence capitalised, ", " and ".";
  // Japanese without spaces, with "、" and "。".
  void Spell(Script script, const std::vector<uint32_t>& block, std::string* out) const;
  // The true main text: the headline and each paragraph with words, each
  // followed by '\n'.
  std::string TrueText(const MainText& text) const;

  // Edits `count` words at random positions of the paragraphs (the headline
  // stays): inserts a drawn word, deletes one, or substitutes another.
  void Insert(Rng* rng, uint32_t count, MainText* text) const;
  void Delete(Rng* rng, uint32_t count, MainText* text) const;
  void Substitute(Rng* rng, uint32_t count, MainText* text) const;

 private:
  void Sentence(Rng* rng, Script script, bool accents, std::vector<uint32_t>* out) const;

  std::vector<std::string> spellings_;  // Latin words, their accented forms, Japanese words
  uint32_t latin_ = 0;                  // Latin words are [0, latin_); accented + latin_
  uint32_t nouns_ = 0, particles_ = 0, predicates_ = 0, japanese_end_ = 0;  // id ranges
  std::vector<uint16_t> zipf_latin_, zipf_nouns_;  // equally likely slots -> rank
};

// Paragraph-level edits.
// Moves `moves` randomly chosen paragraphs to random places; the order
// always changes (a text of one paragraph is split in two first).
void ReorderParagraphs(Rng* rng, uint32_t moves, MainText* text);
// Keeps the first `keep` words of the paragraphs (cut inside a paragraph).
// REQUIRES: keep < text->ParagraphWords().
void Truncate(size_t keep, MainText* text);

}  // namespace warcgen
