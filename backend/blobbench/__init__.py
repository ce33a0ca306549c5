"""BlobBench: measure how to store binary data in MySQL."""

__version__ = "0.1.0"
