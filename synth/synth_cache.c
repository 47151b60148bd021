/*
 * synth_cache.c -- the cache of Yosys area runs; see synth_cache.h.
 */
#include "synth_cache.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <nettle/sha2.h>

#include "read_file.h"
#include "synth_text.h"

static const char ENTRY_MAGIC[] = "simtref-synth-cache 1";

/* The files of an entry, in the order they are stored.  ORDER ENTRY */
static const char *const entry_part[] = { "stat", "mems", "arrays" };
enum { ENTRY_PARTS = 3 };

/* The path of file i of f.  ORDER ENTRY */
static const char *part_path(const struct yosys_files *f, size_t i)
{
    return i == 0 ? f->stat : i == 1 ? f->mems : f->arrays;
}

static void to_hex(const unsigned char *d, size_t n, char *hex)
{
    static const char digits[] = "0123456789abcdef";

    for (size_t i = 0; i < n; i++) {
        hex[2 * i] = digits[d[i] >> 4];
        hex[2 * i + 1] = digits[d[i] & 15];
    }
    hex[2 * n] = '\0';
}

/* Hash a field with its length first, so fields cannot run together. */
static void hash_field(struct sha256_ctx *ctx, const char *s, size_t n)
{
    char len[32];
    int k = snprintf(len, sizeof len, "%zu:", n);

    sha256_update(ctx, (size_t)k, (const uint8_t *)len);
    sha256_update(ctx, n, (const uint8_t *)s);
}

void synth_cache_key(const struct synth_key_input *in,
                     char key[SYNTH_KEY_SIZE])
{
    struct sha256_ctx ctx;
    unsigned char d[SHA256_DIGEST_SIZE];

    sha256_init(&ctx);
    hash_field(&ctx, ENTRY_MAGIC, strlen(ENTRY_MAGIC));
    hash_field(&ctx, in->yosys_version, strlen(in->yosys_version));
    hash_field(&ctx, in->script, strlen(in->script));
    hash_field(&ctx, in->liberty, in->liberty_len);
    hash_field(&ctx, in->shiftx_map, strlen(in->shiftx_map));
    hash_field(&ctx, in->shift_map, strlen(in->shift_map));
    hash_field(&ctx, in->verilog, in->verilog_len);
    for (size_t i = 0; i < in->nsub; i++)
        hash_field(&ctx, in->sub[i], in->sub_len[i]);
    sha256_digest(&ctx, sizeof d, d);
    to_hex(d, sizeof d, key);
}

/* DIR/KEY.syn into buf; -1 when it does not fit. */
static int entry_path(char *buf, size_t size, const char *dir,
                      const char *key)
{
    int n = snprintf(buf, size, "%s/%s.syn", dir, key);

    return n < 0 || (size_t)n >= size ? -1 : 0;
}

/* Write n bytes to path, replacing it; 0, or -1 with a message. */
static int write_whole(const char *path, const char *s, size_t n,
                       char *err, size_t errlen)
{
    FILE *f = fopen(path, "wb");
    int bad;

    if (f == NULL)
        return synth_fail(err, errlen, "cannot create %s: %s", path,
                          strerror(errno));
    bad = fwrite(s, 1, n, f) != n;
    if (fclose(f) != 0 || bad)
        return synth_fail(err, errlen, "error writing %s", path);
    return 0;
}

int synth_cache_load(const char *dir, const char *key,
                     const struct yosys_files *f, char *err, size_t errlen)
{
    char path[SYNTH_PATH_SIZE], why[256], header[128], name[16];
    const char *part[ENTRY_PARTS];
    size_t part_len[ENTRY_PARTS], len, at;
    struct sha256_ctx ctx;
    unsigned char d[SHA256_DIGEST_SIZE];
    char hex[2 * SHA256_DIGEST_SIZE + 1];
    char *text;
    int hit = 0;

    if (entry_path(path, sizeof path, dir, key) != 0)
        return 0;
    switch (read_file(path, SYNTH_CACHE_ENTRY_MAX, "an area cache entry",
                      &text, &len, why, sizeof why)) {
    case READ_FILE_OK:
        break;
    case READ_FILE_CANNOT_OPEN:
        if (errno == ENOENT)
            return 0;
        /* fall through */
    default:
        synth_fail(err, errlen, "cache entry %s: %s", path, why);
        return 0;
    }
    /* The header names this very key. */
    snprintf(header, sizeof header, "%s %s\n", ENTRY_MAGIC, key);
    if (strncmp(text, header, strlen(header)) != 0)
        goto done;
    at = strlen(header);
    for (size_t i = 0; i < ENTRY_PARTS; i++) {
        const char *eol = memchr(text + at, '\n', len - at);
        char line[64], extra;
        unsigned long n;
        size_t ll;

        if (eol == NULL || (ll = (size_t)(eol - (text + at))) >= sizeof line)
            goto done;
        memcpy(line, text + at, ll);
        line[ll] = '\0';
        if (sscanf(line, "%15s %lu %c", name, &n, &extra) != 2 ||
            strcmp(name, entry_part[i]) != 0 || line[0] == ' ' ||
            strchr(line, '-') != NULL)
            goto done;
        at += ll + 1;
        if (n > len - at)
            goto done;
        part[i] = text + at;
        part_len[i] = n;
        at += n;
    }
    /* The checksum of all that precedes it, and nothing after it. */
    sha256_init(&ctx);
    sha256_update(&ctx, at, (const uint8_t *)text);
    sha256_digest(&ctx, sizeof d, d);
    to_hex(d, sizeof d, hex);
    if (len - at != strlen("sha256 ") + strlen(hex) + 1 ||
        memcmp(text + at, "sha256 ", strlen("sha256 ")) != 0 ||
        memcmp(text + at + strlen("sha256 "), hex, strlen(hex)) != 0 ||
        text[len - 1] != '\n')
        goto done;
    hit = 1;
    for (size_t i = 0; i < ENTRY_PARTS && hit; i++)
        if (write_whole(part_path(f, i), part[i], part_len[i],
                        err, errlen) != 0)
            hit = -1;
done:
    free(text);
    return hit;
}

/* mkdir -p dir; 0, or -1 with a message. */
static int make_dirs(const char *dir, char *err, size_t errlen)
{
    char buf[SYNTH_PATH_SIZE];
    size_t n = strlen(dir);

    if (n == 0 || n >= sizeof buf)
        return synth_fail(err, errlen, "bad cache directory '%s'", dir);
    memcpy(buf, dir, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (buf[i] != '/' && buf[i] != '\0')
            continue;
        buf[i] = '\0';
        if (mkdir(buf, 0777) != 0 && errno != EEXIST)
            return synth_fail(err, errlen, "cannot make directory %s: %s",
                              buf, strerror(errno));
        buf[i] = dir[i];
    }
    return 0;
}

int synth_cache_store(const char *dir, const char *key,
                      const struct yosys_files *f, char *err, size_t errlen)
{
    char path[SYNTH_PATH_SIZE], tmp[SYNTH_PATH_SIZE];
    char *body = NULL, hex[2 * SHA256_DIGEST_SIZE + 1];
    size_t body_len = 0;
    struct sha256_ctx ctx;
    unsigned char d[SHA256_DIGEST_SIZE];
    FILE *mem, *out;
    int fd, rc = -1, bad;

    if (make_dirs(dir, err, errlen) != 0)
        return -1;
    if (entry_path(path, sizeof path, dir, key) != 0 ||
        snprintf(tmp, sizeof tmp, "%s.tmp-XXXXXX", path) >= (int)sizeof tmp)
        return synth_fail(err, errlen, "cache path too long: %s", dir);
    /* The entry's body, in memory first: it is hashed before writing. */
    mem = open_memstream(&body, &body_len);
    if (mem == NULL)
        return synth_fail(err, errlen, "out of memory");
    fprintf(mem, "%s %s\n", ENTRY_MAGIC, key);
    for (size_t i = 0; i < ENTRY_PARTS; i++) {
        size_t n;
        char *text = synth_read_file(part_path(f, i), &n, err, errlen);
        if (text == NULL) {
            fclose(mem);
            free(body);
            return -1;
        }
        fprintf(mem, "%s %zu\n", entry_part[i], n);
        fwrite(text, 1, n, mem);
        free(text);
    }
    if (fclose(mem) != 0) {
        free(body);
        return synth_fail(err, errlen, "out of memory");
    }
    sha256_init(&ctx);
    sha256_update(&ctx, body_len, (const uint8_t *)body);
    sha256_digest(&ctx, sizeof d, d);
    to_hex(d, sizeof d, hex);

    fd = mkstemp(tmp);
    if (fd < 0) {
        free(body);
        return synth_fail(err, errlen, "cannot create a file in %s: %s",
                          dir, strerror(errno));
    }
    out = fdopen(fd, "wb");
    if (out == NULL) {
        close(fd);
        goto fail;
    }
    bad = fwrite(body, 1, body_len, out) != body_len;
    bad |= fprintf(out, "sha256 %s\n", hex) < 0;
    bad |= fflush(out) != 0;
    bad |= fsync(fileno(out)) != 0;
    bad |= fclose(out) != 0;
    if (bad || rename(tmp, path) != 0)
        goto fail;
    rc = 0;
    free(body);
    return rc;
fail:
    synth_fail(err, errlen, "cannot write the cache entry %s: %s", path,
               strerror(errno));
    remove(tmp);
    free(body);
    return -1;
}

int synth_cache_default_dir(char *buf, size_t size)
{
    const char *xdg = getenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    int n;

    /* The XDG base directory specification ignores a relative path. */
    if (xdg != NULL && xdg[0] == '/')
        n = snprintf(buf, size, "%s/simtref", xdg);
    else if (home != NULL && home[0] == '/')
        n = snprintf(buf, size, "%s/.cache/simtref", home);
    else
        return -1;
    return n < 0 || (size_t)n >= size ? -1 : 0;
}

int synth_cache_forget(const char *dir, const char *key, char *path,
                       size_t size)
{
    if (entry_path(path, size, dir, key) != 0)
        return -1;
    return unlink(path) == 0 || errno == ENOENT ? 0 : -1;
}
