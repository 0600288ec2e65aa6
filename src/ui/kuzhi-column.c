/* kuzhi-column.c — a column of widgets, one under the other.
 *
 * A vertical GtkBox in GTK 4.8 finds its width for a given height by a
 * search over widths, measuring its children's heights at each. GTK asks
 * that question of every widget it allocates. A wrapping label's height
 * at one width is not always the same from one measurement to the next
 * (in Malayalam, with a real font, the hint's height at 289 pixels came
 * out 66 once and 69 later in the same search), and the search then never
 * ends: the narrow window hung. This column asks for its widest child's
 * width whatever the height, as a GtkBox does when no height is given,
 * so that nothing searches; heights for a width are summed as in a box. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-column.h"

struct _KuzhiColumn
{
  GtkWidget parent_instance;
  int       spacing;
};

static void kuzhi_column_buildable_init (GtkBuildableIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (KuzhiColumn, kuzhi_column, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_BUILDABLE, kuzhi_column_buildable_init))

enum { PROP_0, PROP_SPACING, N_PROPS };
static GParamSpec *properties[N_PROPS];

static int
n_laid_out (GtkWidget *widget)
{
  int n = 0;

  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    n += gtk_widget_should_layout (c);
  return n;
}

static void
kuzhi_column_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  KuzhiColumn *self = KUZHI_COLUMN (widget);
  int n = 0;

  *minimum = *natural = 0;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      int min, nat;

      if (!gtk_widget_should_layout (c))
        continue;
      n++;
      if (orientation == GTK_ORIENTATION_HORIZONTAL)
        {
          /* The widest child, whatever the height. */
          gtk_widget_measure (c, orientation, -1, &min, &nat, NULL, NULL);
          *minimum = MAX (*minimum, min);
          *natural = MAX (*natural, nat);
        }
      else
        {
          gtk_widget_measure (c, orientation, for_size, &min, &nat, NULL, NULL);
          *minimum += min;
          *natural += nat;
        }
    }
  if (orientation == GTK_ORIENTATION_VERTICAL && n > 1)
    {
      *minimum += (n - 1) * self->spacing;
      *natural += (n - 1) * self->spacing;
    }
}

static void
kuzhi_column_size_allocate (GtkWidget *widget,
                            int        width,
                            int        height,
                            int        baseline)
{
  KuzhiColumn *self = KUZHI_COLUMN (widget);
  int n = n_laid_out (widget), i = 0, n_expanding = 0, extra, share = 0, rest = 0, y = 0;
  g_autofree GtkRequestedSize *sizes = NULL;

  if (n == 0)
    return;
  /* As a vertical GtkBox: each child its least height, then what is
   * left towards their natural heights, then the rest shared by those
   * that expand. */
  sizes = g_new0 (GtkRequestedSize, n);
  extra = height - (n - 1) * self->spacing;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (gtk_widget_should_layout (c))
      {
        gtk_widget_measure (c, GTK_ORIENTATION_VERTICAL, width, &sizes[i].minimum_size, &sizes[i].natural_size, NULL, NULL);
        sizes[i].data = c;
        extra -= sizes[i].minimum_size;
        n_expanding += gtk_widget_compute_expand (c, GTK_ORIENTATION_VERTICAL);
        i++;
      }
  extra = gtk_distribute_natural_allocation (MAX (0, extra), n, sizes);
  if (n_expanding > 0)
    {
      share = extra / n_expanding;
      rest = extra % n_expanding;
    }
  for (i = 0; i < n; i++)
    {
      int h = sizes[i].minimum_size;

      if (gtk_widget_compute_expand (sizes[i].data, GTK_ORIENTATION_VERTICAL))
        {
          h += share;
          if (rest > 0)
            {
              h++;
              rest--;
            }
        }
      gtk_widget_size_allocate (sizes[i].data, &(GtkAllocation) { 0, y, width, h }, -1);
      y += h + self->spacing;
    }
}

static GtkSizeRequestMode
kuzhi_column_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* Expands as its children do, like a GtkBox. */
static void
kuzhi_column_compute_expand (GtkWidget *widget,
                             gboolean  *hexpand,
                             gboolean  *vexpand)
{
  *hexpand = *vexpand = FALSE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      *hexpand |= gtk_widget_compute_expand (c, GTK_ORIENTATION_HORIZONTAL);
      *vexpand |= gtk_widget_compute_expand (c, GTK_ORIENTATION_VERTICAL);
    }
}

static void
kuzhi_column_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (kuzhi_column_parent_class)->dispose (object);
}

static void
kuzhi_column_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  KuzhiColumn *self = KUZHI_COLUMN (object);

  switch (prop_id)
    {
    case PROP_SPACING:
      g_value_set_int (value, self->spacing);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kuzhi_column_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  KuzhiColumn *self = KUZHI_COLUMN (object);

  switch (prop_id)
    {
    case PROP_SPACING:
      if (self->spacing != g_value_get_int (value))
        {
          self->spacing = g_value_get_int (value);
          gtk_widget_queue_resize (GTK_WIDGET (self));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GtkBuildableIface *parent_buildable_iface;

static void
kuzhi_column_buildable_add_child (GtkBuildable *buildable,
                                  GtkBuilder   *builder,
                                  GObject      *child,
                                  const char   *type)
{
  if (GTK_IS_WIDGET (child) && type == NULL)
    kuzhi_column_append (KUZHI_COLUMN (buildable), GTK_WIDGET (child));
  else
    parent_buildable_iface->add_child (buildable, builder, child, type);
}

static void
kuzhi_column_buildable_init (GtkBuildableIface *iface)
{
  parent_buildable_iface = g_type_interface_peek_parent (iface);
  iface->add_child = kuzhi_column_buildable_add_child;
}

static void
kuzhi_column_class_init (KuzhiColumnClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kuzhi_column_dispose;
  object_class->get_property = kuzhi_column_get_property;
  object_class->set_property = kuzhi_column_set_property;
  widget_class->measure = kuzhi_column_measure;
  widget_class->get_request_mode = kuzhi_column_get_request_mode;
  widget_class->compute_expand = kuzhi_column_compute_expand;
  widget_class->size_allocate = kuzhi_column_size_allocate;

  properties[PROP_SPACING] =
    g_param_spec_int ("spacing", NULL, NULL, 0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_set_css_name (widget_class, "box");
}

static void
kuzhi_column_init (KuzhiColumn *self)
{
}

GtkWidget *
kuzhi_column_new (int spacing)
{
  return g_object_new (KUZHI_TYPE_COLUMN, "spacing", spacing, NULL);
}

void
kuzhi_column_append (KuzhiColumn *self,
                     GtkWidget   *child)
{
  g_return_if_fail (KUZHI_IS_COLUMN (self));
  g_return_if_fail (GTK_IS_WIDGET (child));
  gtk_widget_insert_before (child, GTK_WIDGET (self), NULL);
}
