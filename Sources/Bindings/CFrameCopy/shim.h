#ifndef DIRECTDISPLAY_FRAME_COPY_H
#define DIRECTDISPLAY_FRAME_COPY_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Copies `rows` rows of `row_bytes` bytes into memory that is only written, never
 * read (a scanout buffer). On x86 rows of a kilobyte or more go by streaming stores,
 * which write whole cache lines without reading them first and leave the cache to
 * what is read: a plain copy into ordinary memory the cache does not hold reads
 * every line of it before writing it (write-combined memory is written so anyway).
 * Elsewhere, and for short rows, memcpy. */
static inline void frame_copy_rows(void *destination, size_t destination_stride, const void *source,
                                   size_t source_stride, size_t row_bytes, size_t rows) {
#if defined(__SSE2__)
    if (row_bytes >= 1024) {
        for (size_t row = 0; row < rows; row++) {
            uint8_t *to = (uint8_t *)destination + row * destination_stride;
            const uint8_t *from = (const uint8_t *)source + row * source_stride;
            size_t left = row_bytes;
            size_t head = (16 - ((uintptr_t)to & 15)) & 15;
            memcpy(to, from, head);
            to += head;
            from += head;
            left -= head;
            for (; left >= 64; left -= 64, to += 64, from += 64) {
                __m128i a = _mm_loadu_si128((const __m128i *)from);
                __m128i b = _mm_loadu_si128((const __m128i *)(from + 16));
                __m128i c = _mm_loadu_si128((const __m128i *)(from + 32));
                __m128i d = _mm_loadu_si128((const __m128i *)(from + 48));
                _mm_stream_si128((__m128i *)to, a);
                _mm_stream_si128((__m128i *)(to + 16), b);
                _mm_stream_si128((__m128i *)(to + 32), c);
                _mm_stream_si128((__m128i *)(to + 48), d);
            }
            for (; left >= 16; left -= 16, to += 16, from += 16) {
                _mm_stream_si128((__m128i *)to, _mm_loadu_si128((const __m128i *)from));
            }
            memcpy(to, from, left);
        }
        /* Streaming stores are weakly ordered: done before the buffer is committed. */
        _mm_sfence();
        return;
    }
#endif
    for (size_t row = 0; row < rows; row++) {
        memcpy((uint8_t *)destination + row * destination_stride, (const uint8_t *)source + row * source_stride,
               row_bytes);
    }
}

/* Fills `rows` rows of `row_bytes` bytes (a multiple of 4) with the 32-bit `pixel`, in memory
 * the cache does not hold (a scanout buffer composed in place). On x86 rows of a kilobyte or
 * more go by streaming stores: a plain fill reads each line before writing it, and rows that
 * do not span the buffer's width (a gap in each) defeat the stream that full-width rows get
 * (pixman_fill: 2.5x the time a pixel). Elsewhere, and for short rows, a plain loop. */
static inline void frame_fill_rows(void *destination, size_t stride, uint32_t pixel, size_t row_bytes,
                                   size_t rows) {
#if defined(__SSE2__)
    if (row_bytes >= 1024) {
        __m128i value = _mm_set1_epi32((int)pixel);
        for (size_t row = 0; row < rows; row++) {
            uint32_t *to = (uint32_t *)((uint8_t *)destination + row * stride);
            size_t left = row_bytes / 4;
            while (left > 0 && ((uintptr_t)to & 15)) {
                *to++ = pixel;
                left--;
            }
            for (; left >= 16; left -= 16, to += 16) {
                _mm_stream_si128((__m128i *)to, value);
                _mm_stream_si128((__m128i *)(to + 4), value);
                _mm_stream_si128((__m128i *)(to + 8), value);
                _mm_stream_si128((__m128i *)(to + 12), value);
            }
            for (; left >= 4; left -= 4, to += 4) _mm_stream_si128((__m128i *)to, value);
            while (left > 0) {
                *to++ = pixel;
                left--;
            }
        }
        /* Streaming stores are weakly ordered: done before anything else touches the buffer. */
        _mm_sfence();
        return;
    }
#endif
    for (size_t row = 0; row < rows; row++) {
        uint32_t *to = (uint32_t *)((uint8_t *)destination + row * stride);
        for (size_t index = 0; index < row_bytes / 4; index++) to[index] = pixel;
    }
}

#endif
