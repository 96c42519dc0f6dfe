#!/bin/sh
# Regenerates the demo district's RAN recordings in scripts/seed/audio/ (committed; npm start
# does not run this). A speech synthesizer stands in for a child naming a RAN chart quickly:
# objects for PK and K (object RAN), letters for grades 1 to 3 (letter RAN, RER letter RAN).
# Mono, 8 kHz, 8-bit PCM keeps the eight recordings near 400 KB in all.
#
#   apt-get install -y espeak-ng sox    # Debian
#   sh scripts/seed/make-audio.sh
#
# Two test recordings carry long blank stretches, for the 3-second rule of spec 001 §9: one
# starts with 4.5 s of faint room noise before the child speaks, one ends with 4 s of it.
set -eu

command -v espeak-ng >/dev/null || { echo "espeak-ng is missing: apt-get install -y espeak-ng" >&2; exit 1; }
command -v sox >/dev/null || { echo "sox is missing: apt-get install -y sox" >&2; exit 1; }

out="$(cd "$(dirname "$0")" && pwd)/audio"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

RATE=8000
# A higher-pitched female variant at a quick pace reads as a young child naming items.
VOICE="en-us+f4"
PITCH=85
SPEED=175

# speak NAME TEXT: synthesized speech at the espeak rate, normalized to -3 dBFS.
speak() {
  espeak-ng -v "$VOICE" -p "$PITCH" -s "$SPEED" -g 3 -w "$work/$1.raw.wav" "$2"
  sox -R "$work/$1.raw.wav" -r "$RATE" -c 1 "$work/$1.speech.wav" norm -3
}

# room SECS NAME: faint pink noise (about -50 dBFS), what a quiet classroom sounds like.
room() {
  sox -R -n -r "$RATE" -c 1 -b 16 "$work/$2.wav" synth "$1" pinknoise vol 0.003
}

# finish NAME PARTS...: joins the parts, half a second of room noise around them unless a part
# says otherwise, and writes 8-bit PCM; written beside the target, then moved, so a half-written
# file never replaces a good one.
finish() {
  name="$1"
  shift
  sox -R "$@" -r "$RATE" -c 1 -b 8 -e unsigned-integer "$out/.$name.wav"
  mv "$out/.$name.wav" "$out/$name.wav"
}

room 0.5 pad

OBJECTS_PRACTICE="hand, chair, dog, star, ball"
OBJECTS_TEST="dog, ball, hand, star, chair, star, hand, dog, chair, ball"
LETTERS_PRACTICE="o, a, s, d, p"
LETTERS_TEST="s, a, p, o, d, a, o, s, p, d"
RER_PRACTICE="k, m, t, r, e"
RER_TEST="m, e, k, t, r, t, r, m, e, k"

speak object-ran-practice "$OBJECTS_PRACTICE"
speak object-ran-test "$OBJECTS_TEST"
speak letter-ran-practice "$LETTERS_PRACTICE"
speak letter-ran-test "$LETTERS_TEST"
speak rer-letter-ran-practice "$RER_PRACTICE"
speak rer-letter-ran-test "$RER_TEST"

for name in object-ran-practice object-ran-test letter-ran-practice letter-ran-test rer-letter-ran-practice rer-letter-ran-test; do
  finish "$name" "$work/pad.wav" "$work/$name.speech.wav" "$work/pad.wav"
done

room 4.5 lead
room 4 tail
finish letter-ran-test-leading-silence "$work/lead.wav" "$work/letter-ran-test.speech.wav" "$work/pad.wav"
finish object-ran-test-trailing-silence "$work/pad.wav" "$work/object-ran-test.speech.wav" "$work/tail.wav"

for f in "$out"/*.wav; do
  printf '%-40s %6s s %7s bytes\n' "$(basename "$f")" "$(soxi -D "$f")" "$(wc -c <"$f" | tr -d ' ')"
done
