// The fixed words of the templates, by script, and the non-ASCII characters
// each charset's sites put in their boilerplate (so that a wrong charset
// garbles the page, while the main text stays in what every charset holds).
#pragma once

#include <string>

#include "ndtext.h"

namespace warcgen {

struct Labels {
  const char* home;
  const char* search;
  const char* tags;
  const char* copyright;
  const char* sentence_end;
  const char* special;  // a line of the charset's own characters
  const char* generator;
  const char* most_read;
  const char* comments;
  const char* reply;
  const char* posted;
  const char* views;
  const char* ad;
  const char* share;
  const char* separator;  // between breadcrumbs
};

inline const Labels& LabelsFor(Script script, const std::string& charset) {
  static const Labels kJapanese = {
      "ホーム",        "検索",     "タグ",     "著作権", "。",     "「お知らせ」・サイトマップ→",
      "WordPress 4.1", "人気記事", "コメント", "返信",   "投稿日", "閲覧",
      "広告",          "共有",     "→"};
  static const Labels kCp1252 = {"Home",          "Search",    "Tags",
                                 "Copyright",     ".",         "“Quoted” – prices in € … it’s",
                                 "Joomla! 3.4",   "Most read", "Comments",
                                 "Reply",         "Posted on", "views",
                                 "Advertisement", "Share",     "–"};
  static const Labels kLatin1 = {
      "Home",          "Search",    "Tags",     "©",     ".",         "«Guide» · 20° · ½ price",
      "Drupal 7",      "Most read", "Comments", "Reply", "Posted on", "views",
      "Advertisement", "Share",     "»"};
  static const Labels kUtf8 = {
      "Home",          "Search",    "Tags",     "©",     ".",         "“Quoted” → ★ • ✓",
      "WordPress 4.1", "Most read", "Comments", "Reply", "Posted on", "views",
      "Advertisement", "Share",     "›"};
  if (script == Script::kJapanese) return kJapanese;
  if (charset == "windows-1252") return kCp1252;
  if (charset == "iso-8859-1") return kLatin1;
  return kUtf8;
}

}  // namespace warcgen
