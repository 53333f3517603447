"""Deprecated alias of :mod:`paraqd.engines.dask` (the Dask engine); import from there."""

from .engines.dask import (  # noqa: F401
    PARTITIONS_PER_WORKER,
    TARGET_PARTITION_SIZE,
    DaskEngine,
    dask_rule_operators,
    default_partitions,
    rewrite_partition,
    split_items,
)
