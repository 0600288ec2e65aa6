#!/bin/sh
# make-sounds.sh — synthesises Kuzhi's event sounds with sox into data/sounds/ (Ogg Vorbis, mono, 44.1 kHz, peaks at −6 dBFS), the same bytes on every run with the same sox.
#
# Usage: scripts/make-sounds.sh [OUTPUT_DIR]   (default: data/sounds)
#
# Deterministic: every tone is fixed synthesis; the noise comes from sox's
# random numbers, which -R makes the same on every run; -D turns dithering
# off. Only a different sox or libvorbis can change the
# bytes. docs/ui.md ("Sound") says what each sound is for.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

srcroot=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$srcroot/data/sounds}
rate=44100

command -v sox > /dev/null 2>&1 || { echo "make-sounds.sh needs sox (Debian: apt-get install sox libsox-fmt-base, which writes Ogg Vorbis)" >&2; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/kuzhi-sounds.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"

# sox with repeatable random numbers, no dither, only errors printed
# (KZ_SOX_VERBOSE=2 also shows warnings, such as clipping).
sx () {
  sox -R -D -V${KZ_SOX_VERBOSE:-1} "$@"
}

# partial FILE FREQ LENGTH [DELAY [CURVE]]: one sine with a 3 ms attack,
# starting DELAY seconds in, that dies away over LENGTH seconds:
# exponentially (CURVE l, the default: −100 dB by the end) or, for a note
# that rings out, linearly (t). Quiet, so that a mix of several never
# clips before finish sets the peak.
partial () {
  sx -n -r "$rate" -c 1 -b 16 "$1" synth "$3" sine "$2" vol 0.15 \
    fade "${5:-l}" 0.003 "$3" "$3" pad "${4:-0}"
}

# finish NAME INPUT...: mixes the inputs and writes NAME.oga with its peak
# at −6 dBFS.
finish () {
  name=$1; shift
  if [ "$#" -gt 1 ]; then
    sx -m "$@" "$tmp/$name-mix.wav"
  else
    cp "$1" "$tmp/$name-mix.wav"
  fi
  sx "$tmp/$name-mix.wav" -t vorbis -C 3 "$out/$name.oga" gain -n -6
}

# A drop: a soft wooden click, a burst of band-passed brown noise over a
# low knock, both gone in 50 ms.
sx -n -r "$rate" -c 1 -b 16 "$tmp/drop-noise.wav" synth 0.05 brownnoise \
  bandpass 1500 1.5 fade l 0.001 0.05 0.049
sx -n -r "$rate" -c 1 -b 16 "$tmp/drop-knock.wav" synth 0.05 sine 330 fade l 0.001 0.05 0.049
finish drop "$tmp/drop-noise.wav" "$tmp/drop-knock.wav"

# A triple: a bright two-note chime, A5 then E6 a fifth above, each with a
# soft octave.
partial "$tmp/triple-1.wav" 880 0.45
partial "$tmp/triple-1o.wav" 1760 0.25
partial "$tmp/triple-2.wav" 1318.51 0.5 0.11
partial "$tmp/triple-2o.wav" 2637.02 0.28 0.11
finish triple -v 1 "$tmp/triple-1.wav" -v 0.3 "$tmp/triple-1o.wav" \
  -v 1 "$tmp/triple-2.wav" -v 0.3 "$tmp/triple-2o.wav"

# A capture: a lower thunk, a sine falling from 150 to 70 Hz under a
# low-passed thud.
sx -n -r "$rate" -c 1 -b 16 "$tmp/capture-tone.wav" synth 0.22 sine 150/70 vol 0.5 fade l 0.002 0.22 0.21
sx -n -r "$rate" -c 1 -b 16 "$tmp/capture-thud.wav" synth 0.08 brownnoise \
  lowpass 500 vol 0.5 fade l 0.001 0.08 0.079
finish capture -v 1 "$tmp/capture-tone.wav" -v 0.6 "$tmp/capture-thud.wav"

# Lucky banking: a small bell, G6 with a bell's inharmonic partials (2.76
# and 5.40 times), the higher ones dying sooner.
partial "$tmp/lucky-1.wav" 1567.98 0.9
partial "$tmp/lucky-2.wav" 4327.6 0.35
partial "$tmp/lucky-3.wav" 8467.1 0.15
finish lucky -v 1 "$tmp/lucky-1.wav" -v 0.35 "$tmp/lucky-2.wav" -v 0.12 "$tmp/lucky-3.wav"

# A round's end: a short rising phrase, C5 E5 G5, marimba-like (a fourth
# harmonic that fades fast).
n=0
for f in 523.25 659.26 783.99; do
  delay=$(awk "BEGIN { print $n * 0.13 }")
  len=$(awk "BEGIN { print 0.35 + $n * 0.1 }")
  partial "$tmp/round-$n.wav" "$f" "$len" "$delay"
  partial "$tmp/round-$n-h.wav" "$(awk "BEGIN { print $f * 4 }")" 0.08 "$delay"
  n=$((n + 1))
done
finish round-end -v 1 "$tmp/round-0.wav" -v 0.25 "$tmp/round-0-h.wav" \
  -v 1 "$tmp/round-1.wav" -v 0.25 "$tmp/round-1-h.wav" \
  -v 1 "$tmp/round-2.wav" -v 0.25 "$tmp/round-2-h.wav"

# The match's end: a longer cadence, G4 C5 E5 leading to a held C major
# chord (C5 E5 G5 C6) that rings out.
n=0
set --
for f in 392.00 523.25 659.26; do
  delay=$(awk "BEGIN { print $n * 0.16 }")
  partial "$tmp/match-$n.wav" "$f" 0.4 "$delay"
  partial "$tmp/match-$n-h.wav" "$(awk "BEGIN { print $f * 4 }")" 0.08 "$delay"
  set -- "$@" -v 1 "$tmp/match-$n.wav" -v 0.25 "$tmp/match-$n-h.wav"
  n=$((n + 1))
done
for f in 523.25 659.26 783.99 1046.50; do
  partial "$tmp/match-chord-$n.wav" "$f" 1.4 0.5 t
  set -- "$@" -v 0.7 "$tmp/match-chord-$n.wav"
  n=$((n + 1))
done
finish match-end "$@"

for f in drop triple capture lucky round-end match-end; do
  printf '%-10s %6s bytes  %s s\n' "$f" "$(wc -c < "$out/$f.oga")" "$(soxi -D "$out/$f.oga")"
done
