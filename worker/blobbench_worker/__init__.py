"""BlobBench worker: runs matrix cells from its host's queue and reports through the API."""
