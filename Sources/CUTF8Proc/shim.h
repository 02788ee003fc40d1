// Shim over utf8proc (grapheme segmentation and character widths, the library tmux uses) for Swift.
// Editing this file does not trigger a rebuild.
#ifndef SWIPEDECK_CUTF8PROC_SHIM_H
#define SWIPEDECK_CUTF8PROC_SHIM_H

#include <utf8proc.h>

#endif
