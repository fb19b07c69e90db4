"""Board styles, one per variant: the Z tavla, the Frantsfuus protocol, Smousjas lives."""
