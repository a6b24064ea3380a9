"""Deployment files: the nginx template and its renderer (issue #15)."""
