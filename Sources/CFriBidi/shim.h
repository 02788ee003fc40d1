// Shim over GNU FriBidi for Swift: one call that shapes (Arabic joining, ligatures, mirrored
// brackets) and reorders one line into visual order. Editing this file does not trigger a rebuild.
#ifndef SWIPEDECK_CFRIBIDI_SHIM_H
#define SWIPEDECK_CFRIBIDI_SHIM_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <fribidi.h>

/// Visual order of one line of UTF-32 text: `base` 0 detects the direction from the first strong
/// character, 1 forces left-to-right, 2 right-to-left. Writes `len` code points to `out` (a
/// ligature leaves U+FEFF where its second letter was) and returns the direction used (1 LTR,
/// 2 RTL), or 0 when FriBidi failed (then `out` holds the text unchanged).
static inline int swipe_bidi_visual_line(const uint32_t *text, int len, int base, uint32_t *out) {
    if (len <= 0) return base == 2 ? 2 : 1;
    memcpy(out, text, sizeof(uint32_t) * (size_t)len);
    FriBidiCharType *types = malloc(sizeof *types * (size_t)len);
    FriBidiBracketType *brackets = malloc(sizeof *brackets * (size_t)len);
    FriBidiLevel *levels = malloc(sizeof *levels * (size_t)len);
    FriBidiArabicProp *joining = malloc(sizeof *joining * (size_t)len);
    int result = 0;
    if (types && brackets && levels && joining) {
        const FriBidiChar *chars = (const FriBidiChar *)text;
        FriBidiParType direction = base == 2 ? FRIBIDI_PAR_RTL : base == 1 ? FRIBIDI_PAR_LTR : FRIBIDI_PAR_ON;
        fribidi_get_bidi_types(chars, len, types);
        fribidi_get_bracket_types(chars, len, types, brackets);
        if (fribidi_get_par_embedding_levels_ex(types, brackets, len, &direction, levels)) {
            FriBidiFlags flags = FRIBIDI_FLAGS_DEFAULT | FRIBIDI_FLAGS_ARABIC;
            fribidi_get_joining_types(chars, len, joining);
            fribidi_join_arabic(types, len, levels, joining);
            fribidi_shape(flags, levels, len, joining, (FriBidiChar *)out);
            if (fribidi_reorder_line(flags, types, len, 0, direction, levels, (FriBidiChar *)out, NULL)) {
                result = FRIBIDI_IS_RTL(direction) ? 2 : 1;
            }
        }
        if (result == 0) memcpy(out, text, sizeof(uint32_t) * (size_t)len);
    }
    free(types);
    free(brackets);
    free(levels);
    free(joining);
    return result;
}

#endif
