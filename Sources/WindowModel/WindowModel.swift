// Pure window-system logic (levels, ordering, key window): no C library, no hardware.
