"""`python -m trentuno.cli`: the same as the `trentuno` console script."""
from .main import main

main()
