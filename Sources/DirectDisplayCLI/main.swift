print("direct-display")
