/* kuzhi-spaced-layout.c — what Kuzhi's layout managers share: the spacing between their children, a property that lays the widget out again when it changes. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-spaced-layout.h"

typedef struct
{
  int spacing;
} KuzhiSpacedLayoutPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (KuzhiSpacedLayout, kuzhi_spaced_layout, GTK_TYPE_LAYOUT_MANAGER)

enum { PROP_0, PROP_SPACING, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void
kuzhi_spaced_layout_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  if (prop_id == PROP_SPACING)
    g_value_set_int (value, kuzhi_spaced_layout_get_spacing (KUZHI_SPACED_LAYOUT (object)));
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
kuzhi_spaced_layout_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  if (prop_id == PROP_SPACING)
    kuzhi_spaced_layout_set_spacing (KUZHI_SPACED_LAYOUT (object), g_value_get_int (value));
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

/* Both layouts wrap or stack children whose height depends on their width. */
static GtkSizeRequestMode
kuzhi_spaced_layout_get_request_mode (GtkLayoutManager *layout,
                                      GtkWidget        *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
kuzhi_spaced_layout_class_init (KuzhiSpacedLayoutClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkLayoutManagerClass *layout_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  object_class->get_property = kuzhi_spaced_layout_get_property;
  object_class->set_property = kuzhi_spaced_layout_set_property;
  layout_class->get_request_mode = kuzhi_spaced_layout_get_request_mode;

  properties[PROP_SPACING] =
    g_param_spec_int ("spacing", NULL, NULL, 0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
kuzhi_spaced_layout_init (KuzhiSpacedLayout *self)
{
}

int
kuzhi_spaced_layout_get_spacing (KuzhiSpacedLayout *self)
{
  KuzhiSpacedLayoutPrivate *priv = kuzhi_spaced_layout_get_instance_private (self);

  g_return_val_if_fail (KUZHI_IS_SPACED_LAYOUT (self), 0);
  return priv->spacing;
}

void
kuzhi_spaced_layout_set_spacing (KuzhiSpacedLayout *self,
                                 int                spacing)
{
  KuzhiSpacedLayoutPrivate *priv = kuzhi_spaced_layout_get_instance_private (self);

  g_return_if_fail (KUZHI_IS_SPACED_LAYOUT (self));
  g_return_if_fail (spacing >= 0);
  if (priv->spacing == spacing)
    return;
  priv->spacing = spacing;
  gtk_layout_manager_layout_changed (GTK_LAYOUT_MANAGER (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPACING]);
}
