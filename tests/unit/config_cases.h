/*
 * config_cases.h -- what the configuration's unit tests share
 * (tests/unit/test_config.c, tests/unit/test_config_checks.c): where the presets and
 * the bad files are, the tiny preset as lines to change one at a time,
 * and loading a text with the error it must give.
 */
#ifndef SIMTREF_TEST_CONFIG_CASES_H
#define SIMTREF_TEST_CONFIG_CASES_H

#include <stddef.h>
#include "config.h"

enum { PATH_LEN = 4096, TEXT_LEN = 8192 };

/* The lines of a valid HARP configuration (the tiny preset), one key each,
 * so that key i is on line i + 1 of a file written from them. */
extern const char *const tiny_lines[];

/* Where the presets are: $SIMTREF_CONFIG_DIR, else the directory the
 * library was built with (as config_preset_path has it). */
const char *config_dir(void);

/* Where the shipped bad files are: $SIMTREF_BAD_CONFIG_DIR, else
 * tests/data/bad-configs beside the presets; into buf. */
const char *bad_config_dir(char *buf, size_t len);

/* The number of lines in tiny_lines. */
int tiny_line_count(void);

/* Whether line sets key ("key = ..."). */
int line_sets(const char *line, const char *key);

/* Line number (1-based) of key in tiny_lines. */
unsigned tiny_line_of(const char *key);

/*
 * The text of tiny_lines with the line of `key` replaced by `line` (or
 * removed when line is NULL), into buf.
 */
const char *tiny_with(const char *key, const char *line,
                      char *buf, size_t len);

/*
 * The text of tiny_lines with each line in `changes` (NULL-terminated, each
 * "key = value") in place of the line that sets the same key.
 */
const char *tiny_changed(const char *const *changes,
                         char *buf, size_t len);

/* Write text to a new temporary file; its name goes to path. */
void write_temp(const char *text, char *path, size_t len);

/* Load text from a temporary file; returns config_load's result.  The
 * message, if any, is copied to err with the path replaced by "x". */
int load_text(const char *text, struct simt_config *cfg,
              char *err, size_t errlen);

/* Assert that text fails to load with "x:line:" and the given substring. */
void expect_error(const char *text, unsigned line, const char *part);

/* Replace key's line of tiny with `line` and expect an error there. */
void expect_tiny_error(const char *key, const char *line,
                       const char *part);

/* As expect_tiny_error, but the error belongs on the line of at_key: the
 * later of the keys that disagree. */
void expect_tiny_error_on(const char *key, const char *line,
                          const char *at_key, const char *part);

/* Replace key's line of tiny with `line` and expect the file to load. */
void expect_tiny_ok(const char *key, const char *line);

/* Whether the n bytes at p are all zero. */
int is_all_zero(const void *p, size_t n);

/* Load preset name into cfg, or fail the test with the message. */
void load_preset(const char *name, struct simt_config *cfg);

#endif /* SIMTREF_TEST_CONFIG_CASES_H */
