# Installing and packaging, the way hosts are set up (issue 14):
#   cmake --install build [--prefix DIR]
#   cmake --build build --target package   (or: cd build && cpack -G DEB)
# The Debian package installs under /usr: the tools and warcdedup in bin/,
# the stage commands in share/warcdedup/stages.sh, the drivers' helpers in
# share/warcdedup/contrib, the man pages in share/man/man1 and man5.
include(GNUInstallDirs)

# Man pages gzipped, as Debian policy (12.1) asks; -n leaves out the name and
# time, so that the same page always gives the same bytes.
find_program(GZIP_PROGRAM gzip REQUIRED)
file(GLOB WARCDEDUP_MAN_PAGES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/man/*.[15])
set(gzipped_pages "")
foreach(page ${WARCDEDUP_MAN_PAGES})
  get_filename_component(name ${page} NAME)
  string(REGEX MATCH "[0-9]$" section ${name})
  set(gz ${PROJECT_BINARY_DIR}/man/${name}.gz)
  add_custom_command(OUTPUT ${gz}
    COMMAND sh -c "${GZIP_PROGRAM} -9n -c \"$1\" >\"$2\"" gzip ${page} ${gz}
    DEPENDS ${page} VERBATIM)
  list(APPEND gzipped_pages ${gz})
  install(FILES ${gz} DESTINATION ${CMAKE_INSTALL_MANDIR}/man${section})
endforeach()
add_custom_target(man_pages ALL DEPENDS ${gzipped_pages})

# Whatever the cluster drivers keep in contrib/ (scripts, job templates).
# OPTIONAL, not if(EXISTS): checked when installing, so a contrib/ that
# appears later is installed without running cmake again.
install(DIRECTORY contrib/ DESTINATION ${CMAKE_INSTALL_DATADIR}/warcdedup/contrib
        USE_SOURCE_PERMISSIONS OPTIONAL)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME warcdedup)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "warcdedup maintainers <maintainers@users.noreply.a-seed-31242397.example>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "remove duplicate content from WARC web archives, losslessly")
# (CPack puts the summary before it, as the first line.)
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "Small Unix tools that find WARC response records whose payloads are
byte-identical to an earlier capture and turn them into spec-correct revisit
records; everything else is copied unchanged, and every rewrite is verified
before it replaces a file. warcdedup runs the whole chain on one machine; the
tools pass plain-text manifests, so that the chain also scales out over many
storage hosts (Slurm or GNU parallel over ssh, records fetched by HTTP Range).
arc2warc converts ARC files to WARC.")
if(PROJECT_HOMEPAGE_URL) # project(... HOMEPAGE_URL): none published yet
  set(CPACK_DEBIAN_PACKAGE_HOMEPAGE ${PROJECT_HOMEPAGE_URL})
endif()
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # warcdedup_VERSION_ARCH.deb
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON) # Debian policy 10.1
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
# (The architecture is dpkg's, CPack's default.)

# Depends: the libraries the binaries link, with the least versions their
# symbols need, as dpkg-shlibdeps (dpkg-dev) works them out. Without it, the
# Debian 12 names of what this build links, unversioned.
find_program(DPKG_SHLIBDEPS dpkg-shlibdeps)
if(DPKG_SHLIBDEPS)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
else()
  set(depends libc6 libgcc-s1 libstdc++6 zlib1g libssl3 libcurl4 libmysqlcppconn7v5
    libicu72 libbrotli1 libxxhash0 libxml2)  # the last four: lib/neardup
  if(LIBDEFLATE_FOUND)
    list(APPEND depends libdeflate0)
  endif()
  if(ISAL_FOUND)
    list(APPEND depends libisal2)
  endif()
  list(JOIN depends ", " CPACK_DEBIAN_PACKAGE_DEPENDS)
  message(STATUS "dpkg-shlibdeps not found (dpkg-dev): the package's Depends are unversioned")
endif()
# Hosts write the same gzip bytes only if they compress with the same library
# (issue 14): the package declares libdeflate, which a build without it lacks.
if(NOT LIBDEFLATE_FOUND)
  message(WARNING "libdeflate not found: this build's package compresses with zlib, and its bytes differ from those of hosts with libdeflate")
endif()
# Only the scale-out drivers need these; the one-machine warcdedup needs none.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "slurm-client | parallel, openssh-client, nginx")

include(CPack)
