/* kuzhi-wrap-layout.c — a layout manager that sets a widget's children in a row, wrapped into lines when the row does not fit.
 *
 * libadwaita 1.2 has no breakpoints, and GtkBox keeps its orientation, so
 * a row of buttons would hold the whole window wide. This layout asks
 * only for the widest child, and decides from the width it is given. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-wrap-layout.h"

struct _KuzhiWrapLayout
{
  KuzhiSpacedLayout parent_instance;
};

G_DEFINE_FINAL_TYPE (KuzhiWrapLayout, kuzhi_wrap_layout, KUZHI_TYPE_SPACED_LAYOUT)

/* The widget whose children are laid out, and the spacing between them. */
typedef struct {
  GtkWidget *widget;
  int        spacing;
} Wrap;

/* The children's summed natural width, spacing included, and how many
 * are laid out. */
static int
row_width (const Wrap   *self,
           int          *n)
{
  int sum = 0;

  *n = 0;
  for (GtkWidget *c = gtk_widget_get_first_child (self->widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      int nat;

      if (!gtk_widget_should_layout (c))
        continue;
      gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat, NULL, NULL);
      sum += nat;
      (*n)++;
    }
  return sum + MAX (0, *n - 1) * self->spacing;
}

/* The natural width of the children that do not expand, with all the
 * spacing, and how many children expand. */
static int
fixed_width (const Wrap   *self,
             int          *n_expanding)
{
  int sum = 0, n = 0;

  *n_expanding = 0;
  for (GtkWidget *c = gtk_widget_get_first_child (self->widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      int nat;

      if (!gtk_widget_should_layout (c))
        continue;
      n++;
      if (gtk_widget_compute_expand (c, GTK_ORIENTATION_HORIZONTAL))
        {
          (*n_expanding)++;
          continue;
        }
      gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat, NULL, NULL);
      sum += nat;
    }
  return sum + MAX (0, n - 1) * self->spacing;
}

/* A row fits when every child has its natural width, or when the
 * children that expand (a label that wraps) still get half the width
 * beside the others: a banner's sentence then wraps beside its buttons
 * rather than standing over them. */
static gboolean
fits_row (const Wrap   *self,
          int           width)
{
  int n, n_expanding;

  if (width < 0 || row_width (self, &n) <= width)
    return TRUE;
  return fixed_width (self, &n_expanding) <= width / 2 && n_expanding > 0;
}

/* In a row, each child's width: its natural one, and what is left over
 * shared by the children that expand (by all when none does). When the
 * natural widths do not fit, the expanding children share what the others
 * leave (fits_row() made sure that is half the width at least). */
static void
row_widths (const Wrap   *self,
            int           width,
            int          *widths,
            int           n)
{
  int i = 0, left = width - MAX (0, n - 1) * self->spacing, expanding = 0, share;

  for (GtkWidget *c = gtk_widget_get_first_child (self->widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (gtk_widget_should_layout (c))
      {
        gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &widths[i], NULL, NULL);
        left -= widths[i++];
        expanding += gtk_widget_compute_expand (c, GTK_ORIENTATION_HORIZONTAL);
      }
  if (n == 0 || left == 0)
    return;
  if (left < 0)
    {
      int fixed = fixed_width (self, &expanding);

      if (expanding == 0)
        return;
      share = (width - fixed) / expanding;
      i = 0;
      for (GtkWidget *c = gtk_widget_get_first_child (self->widget); c != NULL; c = gtk_widget_get_next_sibling (c))
        if (gtk_widget_should_layout (c))
          {
            if (gtk_widget_compute_expand (c, GTK_ORIENTATION_HORIZONTAL))
              {
                int min;

                gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
                widths[i] = MAX (min, share);
              }
            i++;
          }
      return;
    }
  share = left / (expanding > 0 ? expanding : n);
  i = 0;
  for (GtkWidget *c = gtk_widget_get_first_child (self->widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (gtk_widget_should_layout (c))
      {
        if (expanding == 0 || gtk_widget_compute_expand (c, GTK_ORIENTATION_HORIZONTAL))
          widths[i] += share;
        i++;
      }
}

/* Where a child goes when the row does not fit. */
typedef struct {
  GtkWidget *child;
  int        x, width, line;
} Slot;

/* Lays the children out in lines of as many as fit at their natural
 * widths (one wider than `width` alone on its line, at `width`); in each
 * line the children that expand, or all when none does, share what is
 * left. Fills `slots` (one per child laid out) and returns the number of
 * lines. */
static int
flow (const Wrap   *self,
      int           width,
      Slot         *slots,
      int           n)
{
  int i = 0, lines = 0;

  for (GtkWidget *c = gtk_widget_get_first_child (self->widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (gtk_widget_should_layout (c) && i < n)
      {
        int nat;

        gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat, NULL, NULL);
        slots[i++] = (Slot) { c, 0, MIN (nat, width), 0 };
      }
  n = i;
  for (int start = 0; start < n; lines++)
    {
      int end = start + 1, used = slots[start].width, expanding = 0, left, share, x = 0;

      while (end < n && used + self->spacing + slots[end].width <= width)
        used += self->spacing + slots[end++].width;
      for (int k = start; k < end; k++)
        expanding += gtk_widget_compute_expand (slots[k].child, GTK_ORIENTATION_HORIZONTAL);
      left = width - used;
      share = left / (expanding > 0 ? expanding : end - start);
      for (int k = start; k < end; k++)
        {
          if (expanding == 0 || gtk_widget_compute_expand (slots[k].child, GTK_ORIENTATION_HORIZONTAL))
            slots[k].width += share;
          slots[k].x = x;
          slots[k].line = lines;
          x += slots[k].width + self->spacing;
        }
      start = end;
    }
  return lines;
}

/* The height of each line of flow(), natural or least. */
static int
lines_height (const Wrap   *self,
              const Slot   *slots,
              int           n,
              int           lines,
              int          *heights,
              gboolean      least)
{
  int sum = 0;

  for (int l = 0; l < lines; l++)
    heights[l] = 0;
  for (int k = 0; k < n; k++)
    {
      int min, nat;

      gtk_widget_measure (slots[k].child, GTK_ORIENTATION_VERTICAL, slots[k].width, &min, &nat, NULL, NULL);
      heights[slots[k].line] = MAX (heights[slots[k].line], least ? min : nat);
    }
  for (int l = 0; l < lines; l++)
    sum += heights[l];
  return sum + MAX (0, lines - 1) * self->spacing;
}

static void
kuzhi_wrap_layout_measure (GtkLayoutManager *layout,
                           GtkWidget        *widget,
                           GtkOrientation    orientation,
                           int               for_size,
                           int              *minimum,
                           int              *natural,
                           int              *minimum_baseline,
                           int              *natural_baseline)
{
  const Wrap wrap = { widget, kuzhi_spaced_layout_get_spacing (KUZHI_SPACED_LAYOUT (layout)) }, *self = &wrap;
  int n, i = 0;

  *minimum = *natural = 0;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      /* As a column: the widest child; as a row: all of them. */
      for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
        if (gtk_widget_should_layout (c))
          {
            int min;

            gtk_widget_measure (c, orientation, -1, &min, NULL, NULL, NULL);
            *minimum = MAX (*minimum, min);
          }
      *natural = MAX (*minimum, row_width (self, &n));
      return;
    }

  row_width (self, &n);
  if (fits_row (self, for_size))
    {
      g_autofree int *widths = g_new0 (int, MAX (n, 1));

      if (for_size >= 0)
        row_widths (self, for_size, widths, n);
      for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
        if (gtk_widget_should_layout (c))
          {
            int min, nat;

            gtk_widget_measure (c, orientation, for_size >= 0 ? widths[i] : -1, &min, &nat, NULL, NULL);
            *minimum = MAX (*minimum, min);
            *natural = MAX (*natural, nat);
            i++;
          }
      return;
    }
  {
    g_autofree Slot *slots = g_new0 (Slot, MAX (n, 1));
    g_autofree int *heights = g_new0 (int, MAX (n, 1));
    int lines = flow (self, for_size, slots, n);

    *minimum = lines_height (self, slots, n, lines, heights, TRUE);
    *natural = lines_height (self, slots, n, lines, heights, FALSE);
  }
}

static void
kuzhi_wrap_layout_allocate (GtkLayoutManager *layout,
                            GtkWidget        *widget,
                            int               width,
                            int               height,
                            int               baseline)
{
  const Wrap wrap = { widget, kuzhi_spaced_layout_get_spacing (KUZHI_SPACED_LAYOUT (layout)) }, *self = &wrap;
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  int n, i = 0, x = 0, y = 0;

  row_width (self, &n);
  if (fits_row (self, width))
    {
      g_autofree int *widths = g_new0 (int, MAX (n, 1));

      row_widths (self, width, widths, n);
      for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
        if (gtk_widget_should_layout (c))
          {
            gtk_widget_size_allocate (c, &(GtkAllocation) { rtl ? width - x - widths[i] : x, 0, widths[i], height }, -1);
            x += widths[i++] + self->spacing;
          }
      return;
    }
  {
    g_autofree Slot *slots = g_new0 (Slot, MAX (n, 1));
    g_autofree int *heights = g_new0 (int, MAX (n, 1));
    int lines = flow (self, width, slots, n);

    lines_height (self, slots, n, lines, heights, FALSE);
    for (int k = 0, line = 0; k < n; k++)
      {
        for (; line < slots[k].line; line++)
          y += heights[line] + self->spacing;
        gtk_widget_size_allocate (slots[k].child,
                                  &(GtkAllocation) { rtl ? width - slots[k].x - slots[k].width : slots[k].x, y,
                                                     slots[k].width, heights[line] }, -1);
      }
  }
}

static void
kuzhi_wrap_layout_class_init (KuzhiWrapLayoutClass *klass)
{
  GtkLayoutManagerClass *layout_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  layout_class->measure = kuzhi_wrap_layout_measure;
  layout_class->allocate = kuzhi_wrap_layout_allocate;
}

static void
kuzhi_wrap_layout_init (KuzhiWrapLayout *self)
{
}
