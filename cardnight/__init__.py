"""CardNight: a Cape Breton 45 card game evening, run from a laptop or a phone."""

__version__ = "0.3.0"
