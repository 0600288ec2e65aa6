/* kuzhi-variant-private.h — the variant tables, one per game file; only kuzhi-position.c lists them. */
#pragma once

#include "kuzhi-engine.h"

extern const KzVariant kz_variant_constitution;
