// EDID parsing: pure logic.
