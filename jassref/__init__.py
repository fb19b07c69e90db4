"""The jassref application: the command line that wires referee, vision, hardware and
web board together. The library packages never import it."""
