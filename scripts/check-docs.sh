#!/usr/bin/env bash
# The docs' references, checked against the repository (a step of `make test`):
#   (a) every relative Markdown link's target exists, and a link's #anchor is a heading
#       of the page it points to;
#   (b) every path written in backticks exists, relative to the repository's root: a span
#       that contains a `/` or ends in .rs .ts .tsx .sql .toml .json .md .sh or .css (for
#       a span with blanks, a command, its first word); not a URL, an absolute or home
#       path, an option, a glob, or a placeholder with < or >;
#   (c) README.md is at most 200 lines.
# Fenced code blocks are not read. Every broken reference is printed as file:line, and
# the exit status is non-zero when there is one.
# Usage: scripts/check-docs.sh [FILE...]   (the docs below when none is named)
set -euo pipefail
cd "$(dirname "$0")/.."

docs=("$@")
if ((${#docs[@]} == 0)); then
  docs=(README.md docs/ARCHITECTURE.md docs/FEATURES.md docs/OPERATIONS.md docs/SECURITY.md)
fi
readme_max_lines=200
# Folders the build or `make repo` writes: named in the docs, never in the repository.
built='^(dist|target|ui/dist|ui/node_modules)/'
extensions='\.(rs|ts|tsx|sql|toml|json|md|sh|css)$'

broken=0
say() {
  echo "$1"
  broken=$((broken + 1))
}

# Prints each reference of a Markdown file outside fenced code blocks, one a line:
# "LINE<tab>code<tab>SPAN" for an inline code span, "LINE<tab>link<tab>TARGET" for a
# link or an image (code spans are taken out first: a link inside one is text).
references() {
  awk '
    /^[[:space:]]*(```|~~~)/ { fenced = !fenced; next }
    fenced { next }
    {
      line = $0
      while (match(line, /`[^`]+`/)) {
        printf "%d\tcode\t%s\n", NR, substr(line, RSTART + 1, RLENGTH - 2)
        line = substr(line, 1, RSTART - 1) " " substr(line, RSTART + RLENGTH)
      }
      while (match(line, /\]\([^)]+\)/)) {
        target = substr(line, RSTART + 2, RLENGTH - 3)
        sub(/[[:space:]].*$/, "", target)  # a link title ("…") aside
        printf "%d\tlink\t%s\n", NR, target
        line = substr(line, RSTART + RLENGTH)
      }
    }' "$1"
}

# The anchors of a Markdown file's headings, as GitHub makes them: lower case, every
# character but letters, digits, blanks, - and _ dropped, blanks made -.
anchors() {
  awk '
    /^[[:space:]]*(```|~~~)/ { fenced = !fenced; next }
    fenced || !/^#+[[:space:]]/ { next }
    {
      heading = tolower($0)
      sub(/^#+[[:space:]]+/, "", heading)
      sub(/[[:space:]]+#*[[:space:]]*$/, "", heading)
      gsub(/[^a-z0-9 _-]/, "", heading)
      gsub(/ /, "-", heading)
      print heading
    }' "$1"
}

check_link() {
  local doc=$1 line=$2 target=$3 path anchor
  case $target in
    *://* | mailto:*) return ;;
  esac
  path=${target%%#*}
  anchor=
  [[ $target == *#* ]] && anchor=${target#*#}
  if [[ -z $path ]]; then
    path=$doc
  else
    path=$(dirname "$doc")/$path
  fi
  if [[ ! -e $path ]]; then
    say "$doc:$line: broken link: $target"
  elif [[ -n $anchor && $path == *.md ]] && ! anchors "$path" | grep -qxF -- "$anchor"; then
    say "$doc:$line: broken link: $target (no such heading in $path)"
  fi
}

check_span() {
  local doc=$1 line=$2 span=$3 path
  path=${span%%[[:space:]]*}
  case $path in
    *://* | /* | ~* | -* | *'$'*) return ;;
    *'<'* | *'>'* | *'*'* | *'?'* | *'{'* | *'['*)
      # A placeholder or a glob: the folder before it must exist.
      local folder=${path%%[<>*?{[]*}
      folder=${folder%/*}
      [[ $folder == */* || -n $folder && $path == "$folder"/* ]] || return 0
      [[ $folder =~ $built ]] && return
      [[ -d $folder ]] || say "$doc:$line: no such folder: $folder (in $path)"
      return ;;
  esac
  [[ $path == */* || $path =~ $extensions ]] || return 0
  [[ $path =~ $built ]] && return
  [[ -e $path ]] || say "$doc:$line: no such path: $path"
}

for doc in "${docs[@]}"; do
  if [[ ! -f $doc ]]; then
    say "$doc: missing"
    continue
  fi
  while IFS=$'\t' read -r line kind ref; do
    case $kind in
      link) check_link "$doc" "$line" "$ref" ;;
      code) check_span "$doc" "$line" "$ref" ;;
    esac
  done < <(references "$doc")
done

if [[ -f README.md ]]; then
  lines=$(wc -l <README.md)
  if ((lines > readme_max_lines)); then
    say "README.md:$lines: README.md has $lines lines, more than $readme_max_lines"
  fi
fi

if ((broken > 0)); then
  echo "$broken broken reference(s) in the docs"
  exit 1
fi
echo "the docs' links and paths hold (${docs[*]}); README.md has $(wc -l <README.md) lines"
