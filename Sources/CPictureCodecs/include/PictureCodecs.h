// PNG and JPEG headers and pixels for SwipeDeck's pictures, through libpng's simplified API and
// libjpeg(-turbo) with an error manager that returns instead of exiting (a C target because
// libjpeg reports errors by longjmp, which Swift cannot catch). Thread-safe: no shared state.
#ifndef SWIPE_PICTURE_CODECS_H
#define SWIPE_PICTURE_CODECS_H
#include <stddef.h>
#include <stdint.h>

enum { SWIPE_PICTURE_PNG = 1, SWIPE_PICTURE_JPEG = 2 };

typedef enum {
    SWIPE_PICTURE_OK = 0,
    SWIPE_PICTURE_NOT_AN_IMAGE = 1,   // neither PNG nor JPEG by its first bytes
    SWIPE_PICTURE_CORRUPT = 2,        // a header or data the library refused (message says why)
    SWIPE_PICTURE_TOO_LARGE = 3,      // the header's dimensions pass max_width or max_height
    SWIPE_PICTURE_NO_MEMORY = 4
} swipe_picture_status;

typedef struct {
    int format;            // SWIPE_PICTURE_PNG or SWIPE_PICTURE_JPEG (0 when unknown)
    uint32_t width;        // from the header
    uint32_t height;
    char message[200];     // the library's reason when the status is CORRUPT
} swipe_picture_info;

/// Reads the header, and with `decode` every pixel, of a PNG or JPEG in memory. With `decode`,
/// `*rgba` receives width·height·4 bytes (RGBA, 8 bits each, rows top to bottom) to release
/// with swipe_picture_free; a truncated or damaged image (even one libjpeg would only warn
/// about) is CORRUPT. Dimensions past the caps are refused before any pixel is decoded.
swipe_picture_status swipe_picture_read(const uint8_t *bytes, size_t length, uint32_t max_width, uint32_t max_height,
                                        int decode, swipe_picture_info *info, uint8_t **rgba);

void swipe_picture_free(uint8_t *rgba);

#endif
