#!/bin/sh
# Installs Kibitz's DDS-compatible library under PREFIX (default /usr/local):
#   PREFIX/lib/libdds.so.0        the shared library (SONAME libdds.so.0)
#   PREFIX/lib/libdds.so          -> libdds.so.0, for linking with -ldds
#   PREFIX/lib/libdds.a           the static library
#   PREFIX/include/dds/dll.h      DDS 2.9.0's header
#   PREFIX/include/kibitz/*.h     Kibitz's own modules
#   PREFIX/lib/pkgconfig/dds.pc   for `pkg-config --cflags --libs dds`
#
# Usage: cargo build --release && ./install.sh [PREFIX]
# LIBDIR (default PREFIX/lib) changes where the libraries and dds.pc go;
# KIBITZ_LIB_DIR (default target/release) is where the built libraries are.
# Run ldconfig afterwards when PREFIX/lib is a system library directory.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
prefix=${1:-/usr/local}
libdir=${LIBDIR:-${prefix}/lib}
built=${KIBITZ_LIB_DIR:-${here}/target/release}
# The shared library cargo built: libdds.so, or deps/libdds.so in test builds.
so=${built}/libdds.so
[ -f "${so}" ] || so=${built}/deps/libdds.so
a=${built}/libdds.a
[ -f "${a}" ] || a=${built}/deps/libdds.a
for f in "${so}" "${a}"; do
    if [ ! -f "${f}" ]; then
        echo "install.sh: ${f} not found; run 'cargo build --release' first" >&2
        exit 1
    fi
done

mkdir -p "${libdir}/pkgconfig" "${prefix}/include/dds" "${prefix}/include/kibitz"
# Replace, never overwrite in place: running programs keep their copy.
cp "${so}" "${libdir}/libdds.so.0.tmp"
mv -f "${libdir}/libdds.so.0.tmp" "${libdir}/libdds.so.0"
ln -sf libdds.so.0 "${libdir}/libdds.so"
cp "${a}" "${libdir}/libdds.a"
cp "${here}/include/dds/dll.h" "${prefix}/include/dds/dll.h"
cp "${here}"/include/kibitz/*.h "${prefix}/include/kibitz/"

cat >"${libdir}/pkgconfig/dds.pc" <<EOF
prefix=${prefix}
libdir=${libdir}
includedir=\${prefix}/include

Name: dds
Description: Kibitz, a drop-in replacement for the DDS 2.9.0 bridge double dummy solver
Version: 2.9.0
Libs: -L\${libdir} -ldds
Libs.private: -lpthread -ldl -lm -lgcc_s
Cflags: -I\${includedir}/dds -I\${includedir}
EOF
echo "installed Kibitz's libdds in ${libdir}, headers in ${prefix}/include"
