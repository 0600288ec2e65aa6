/* kuzhi-variant-private.h — the variant tables, one per game file; only kuzhi-position.c lists them. */
#pragma once

#include "kuzhi-engine.h"

extern const KzVariant kz_variant_constitution;
extern const KzVariant kz_variant_dakon;
extern const KzVariant kz_variant_pallanguzhi;
extern const KzVariant kz_variant_kalah;
extern const KzVariant kz_variant_oware;
extern const KzVariant kz_variant_mangala;
