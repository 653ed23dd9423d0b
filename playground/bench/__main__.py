"""``python -m playground.bench [--quick] [--out FILE] [SECTION ...]``: print and save the table."""

from playground.bench import main

main()
