"""Recording from an input device with QtMultimedia; files and formats are in studio.recording."""
