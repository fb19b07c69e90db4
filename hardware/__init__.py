"""GPIO buttons, status LED and buzzer through gpiozero (issue 8)."""
