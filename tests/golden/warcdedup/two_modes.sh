# -o and --dry-run together: a usage error.
mkdir in
warcdedup -o out -n in
