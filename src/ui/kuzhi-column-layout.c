/* kuzhi-column-layout.c — a layout manager that stands a widget's children one under the other.
 *
 * A vertical GtkBox in GTK 4.8 finds its width for a given height by a
 * search over widths, measuring its children's heights at each. GTK asks
 * that question of every widget it allocates. A wrapping label's height
 * at one width is not always the same from one measurement to the next
 * (in Malayalam, with a real font, the hint's height at 289 pixels came
 * out 66 once and 69 later in the same search), and the search then never
 * ends: the narrow window hung. This layout asks for its widest child's
 * width whatever the height, as a GtkBox does when no height is given,
 * so that nothing searches; heights for a width are summed as in a box. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-column-layout.h"

struct _KuzhiColumnLayout
{
  KuzhiSpacedLayout parent_instance;
};

G_DEFINE_FINAL_TYPE (KuzhiColumnLayout, kuzhi_column_layout, KUZHI_TYPE_SPACED_LAYOUT)

static int
n_laid_out (GtkWidget *widget)
{
  int n = 0;

  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    n += gtk_widget_should_layout (c);
  return n;
}

static void
kuzhi_column_layout_measure (GtkLayoutManager *layout,
                             GtkWidget        *widget,
                             GtkOrientation    orientation,
                             int               for_size,
                             int              *minimum,
                             int              *natural,
                             int              *minimum_baseline,
                             int              *natural_baseline)
{
  int spacing = kuzhi_spaced_layout_get_spacing (KUZHI_SPACED_LAYOUT (layout));
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
      *minimum += (n - 1) * spacing;
      *natural += (n - 1) * spacing;
    }
}

static void
kuzhi_column_layout_allocate (GtkLayoutManager *layout,
                              GtkWidget        *widget,
                              int               width,
                              int               height,
                              int               baseline)
{
  int spacing = kuzhi_spaced_layout_get_spacing (KUZHI_SPACED_LAYOUT (layout));
  int n = n_laid_out (widget), i = 0, n_expanding = 0, extra, share = 0, rest = 0, y = 0;
  g_autofree GtkRequestedSize *sizes = NULL;

  if (n == 0)
    return;
  /* As a vertical GtkBox: each child its least height, then what is
   * left towards their natural heights, then the rest shared by those
   * that expand. */
  sizes = g_new0 (GtkRequestedSize, n);
  extra = height - (n - 1) * spacing;
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
      y += h + spacing;
    }
}

static void
kuzhi_column_layout_class_init (KuzhiColumnLayoutClass *klass)
{
  GtkLayoutManagerClass *layout_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  layout_class->measure = kuzhi_column_layout_measure;
  layout_class->allocate = kuzhi_column_layout_allocate;
}

static void
kuzhi_column_layout_init (KuzhiColumnLayout *self)
{
}
