// The start floor's text (Scripts/bench-start-floor): one line laid out and drawn into
// an image by pango and cairo with fontconfig's fonts, then exit: the least a program
// whose first frame shows text does before that frame, besides the display.
#include <pango/pangocairo.h>
int main(void) {
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 320, 40);
    cairo_t *cairo = cairo_create(surface);
    PangoLayout *layout = pango_cairo_create_layout(cairo);
    PangoFontDescription *font = pango_font_description_from_string("Sans 17");
    pango_layout_set_font_description(layout, font);
    pango_layout_set_text(layout, "Hello", -1);
    pango_cairo_show_layout(cairo, layout);
    cairo_surface_flush(surface);
    int width, height;
    pango_layout_get_pixel_size(layout, &width, &height);
    pango_font_description_free(font);
    g_object_unref(layout);
    cairo_destroy(cairo);
    cairo_surface_destroy(surface);
    return width > 0 ? 0 : 1;
}
