// PNG and JPEG reading for SwipeDeck (see include/PictureCodecs.h). Called from any thread.
#include "PictureCodecs.h"
#include <png.h>
#include <jpeglib.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void copy_message(swipe_picture_info *info, const char *text) {
    snprintf(info->message, sizeof info->message, "%s", text ? text : "unreadable");
}

static swipe_picture_status read_png(const uint8_t *bytes, size_t length, uint32_t max_width, uint32_t max_height,
                                     int decode, swipe_picture_info *info, uint8_t **rgba) {
    // The header's dimensions first, from IHDR itself (the first chunk): a picture past the caps is
    // refused whatever follows, before libpng allocates or reads anything else.
    if (length >= 24 && memcmp(bytes + 12, "IHDR", 4) == 0) {
        info->width = (uint32_t)bytes[16] << 24 | (uint32_t)bytes[17] << 16 | (uint32_t)bytes[18] << 8 | bytes[19];
        info->height = (uint32_t)bytes[20] << 24 | (uint32_t)bytes[21] << 16 | (uint32_t)bytes[22] << 8 | bytes[23];
        if (info->width > max_width || info->height > max_height) return SWIPE_PICTURE_TOO_LARGE;
    }
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, bytes, length)) {
        copy_message(info, image.message);
        return SWIPE_PICTURE_CORRUPT;
    }
    info->width = image.width;
    info->height = image.height;
    if (image.width > max_width || image.height > max_height) {
        png_image_free(&image);
        return SWIPE_PICTURE_TOO_LARGE;
    }
    if (!decode) {
        png_image_free(&image);
        return SWIPE_PICTURE_OK;
    }
    image.format = PNG_FORMAT_RGBA;
    size_t size = (size_t)image.width * image.height * 4;
    uint8_t *pixels = malloc(size ? size : 1);
    if (!pixels) {
        png_image_free(&image);
        return SWIPE_PICTURE_NO_MEMORY;
    }
    if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
        copy_message(info, image.message);
        free(pixels);
        return SWIPE_PICTURE_CORRUPT;
    }
    *rgba = pixels;
    return SWIPE_PICTURE_OK;
}

// libjpeg's error manager, extended with a place to jump back to.
typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf back;
    swipe_picture_info *info;
} jpeg_failure;

static void jpeg_fail(j_common_ptr cinfo) {
    jpeg_failure *failure = (jpeg_failure *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    copy_message(failure->info, text);
    longjmp(failure->back, 1);
}

// Warnings (level -1), such as "Premature end of JPEG file", are failures too: a truncated
// picture must be refused, not drawn half grey. Trace messages (level >= 0) are ignored.
static void jpeg_message(j_common_ptr cinfo, int level) {
    if (level < 0) jpeg_fail(cinfo);
}

static swipe_picture_status read_jpeg(const uint8_t *bytes, size_t length, uint32_t max_width, uint32_t max_height,
                                      int decode, swipe_picture_info *info, uint8_t **rgba) {
    struct jpeg_decompress_struct cinfo;
    jpeg_failure failure;
    uint8_t *volatile pixels = NULL;
    cinfo.err = jpeg_std_error(&failure.base);
    failure.base.error_exit = jpeg_fail;
    failure.base.emit_message = jpeg_message;
    failure.info = info;
    if (setjmp(failure.back)) {
        jpeg_destroy_decompress(&cinfo);
        free(pixels);
        return SWIPE_PICTURE_CORRUPT;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, bytes, (unsigned long)length);
    jpeg_read_header(&cinfo, TRUE);
    info->width = cinfo.image_width;
    info->height = cinfo.image_height;
    if (cinfo.image_width > max_width || cinfo.image_height > max_height) {
        jpeg_destroy_decompress(&cinfo);
        return SWIPE_PICTURE_TOO_LARGE;
    }
    if (!decode) {
        jpeg_destroy_decompress(&cinfo);
        return SWIPE_PICTURE_OK;
    }
    cinfo.out_color_space = JCS_EXT_RGBA;   // libjpeg-turbo: RGBA straight from the decoder
    jpeg_start_decompress(&cinfo);
    size_t stride = (size_t)cinfo.output_width * 4;
    pixels = malloc(stride * cinfo.output_height + 1);
    if (!pixels) {
        jpeg_destroy_decompress(&cinfo);
        return SWIPE_PICTURE_NO_MEMORY;
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = pixels + stride * cinfo.output_scanline;
        jpeg_read_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_decompress(&cinfo);
    info->width = cinfo.output_width;
    info->height = cinfo.output_height;
    jpeg_destroy_decompress(&cinfo);
    *rgba = pixels;
    return SWIPE_PICTURE_OK;
}

swipe_picture_status swipe_picture_read(const uint8_t *bytes, size_t length, uint32_t max_width, uint32_t max_height,
                                        int decode, swipe_picture_info *info, uint8_t **rgba) {
    memset(info, 0, sizeof *info);
    if (rgba) *rgba = NULL;
    if (decode && !rgba) return SWIPE_PICTURE_NO_MEMORY;
    static const uint8_t png_magic[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    if (length >= 8 && memcmp(bytes, png_magic, 8) == 0) {
        info->format = SWIPE_PICTURE_PNG;
        return read_png(bytes, length, max_width, max_height, decode, info, rgba);
    }
    if (length >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF) {
        info->format = SWIPE_PICTURE_JPEG;
        return read_jpeg(bytes, length, max_width, max_height, decode, info, rgba);
    }
    return SWIPE_PICTURE_NOT_AN_IMAGE;
}

void swipe_picture_free(uint8_t *rgba) { free(rgba); }
