"""The REST API under /api/v1/: thin DRF views over the services and selectors."""
