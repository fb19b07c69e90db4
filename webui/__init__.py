"""The live web tavla: a Flask application for the phones at the table (issue 7)."""
