// The Internet Archive's canonicalisers as iipc/urlcanon defines them,
// beside url::Canonicalize (the `surt` package's default, which revisit
// resolution keeps using unchanged).
//
// AggressiveCanonicalize merges more spellings than url::Canonicalize:
// https is read as http, a port given as 443 on https goes, and session ids
// follow urlcanon's looser patterns (jsessionid of 10 or more letters, digits
// or '$'; sessionid, phpsessid and sid of 16 or more; ";jsessionid=" at the
// end of the path). Like url::Canonicalize: no fragment or user, host lower
// case without "www\d*.", the path decoded, dot segments resolved, empty
// segments and a trailing slash dropped, path and query lower case, query
// arguments sorted, empty ones dropped.
//
// Ssurt and Surt write a URL as it is (no canonicalisation) in urlcanon's
// SSURT and SURT forms; a URL without "scheme://" is returned unchanged.
// All functions are total and linear in their input.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace url {

// "https://www12.Foo.com:443/A/?b=1&a=2#x" -> "http://foo.com/a?a=2&b=1".
std::string AggressiveCanonicalize(std::string_view url);

// "http://user:pass@foo.example.org:81/path?q#f" ->
// "org,example,foo,//81:http@user:pass:/path?q#f".
std::string Ssurt(std::string_view url);

// "http://user:pass@foo.example.org:81/p?q#f" -> "http://(org,example,foo,:81)/p?q#f";
// without_scheme: "org,example,foo,:81)/p?q#f"; trailing_comma false:
// "http://(org,example,foo:81)/p?q#f". No user or password.
std::string Surt(std::string_view url, bool with_scheme = true, bool trailing_comma = true);

// An IPv4 host as it is, any other host reversed: "x.y.z" -> "z,y,x,".
std::string SsurtHost(std::string_view host);
// Labels reversed, each followed by ',' (a ',' inside a label as '.'):
// "x.y.z." -> ",z,y,x,".
std::string ReverseHost(std::string_view host);

// The WHATWG URL standard's IPv4 parser: "0xa.07.9999" -> "10.7.39.15";
// none when the host is not an IPv4 address ("256.0.0.0", "1.0xfffffff").
std::optional<std::string> WhatwgIpv4(std::string_view host);

// urlcanon's "." and ".." rules on a path, empty segments kept:
// "/foo//.." -> "/foo/", "/%2e%2E/a" -> "/a"; for a special scheme (http,
// https, ...) '\\' separates segments too and stays as written.
std::string ResolvePathDots(std::string_view path, bool special);

}  // namespace url
