# Issue #8 ("The shape"): every table's snapshot holds its table block (name, policy, status and
# seats), which host commands change by ops and the Seat/Table rows mirror (rules.table).

from typing import Any

from django.db import migrations


def add_blocks(apps: Any, schema_editor: Any) -> None:
    Table = apps.get_model("campaigns", "Table")
    Seat = apps.get_model("campaigns", "Seat")
    batch = []
    for table in Table.objects.order_by("pk").iterator(chunk_size=200):
        if not isinstance(table.state, dict) or "table" in table.state:
            continue
        seats = Seat.objects.filter(table_id=table.pk).order_by("pk")
        table.state = {
            **table.state,
            "table": {
                "name": table.name,
                "edit_policy": table.edit_policy,
                "status": table.status,
                "seats": [
                    {
                        "seat_id": s.pk,
                        "name": s.name,
                        "role": s.role,
                        "colour": s.colour,
                        "position": s.position,
                        "removed": s.removed_at is not None,
                    }
                    for s in seats
                ],
            },
        }
        batch.append(table)
        if len(batch) >= 200:
            Table.objects.bulk_update(batch, ["state"])
            batch = []
    Table.objects.bulk_update(batch, ["state"])


def drop_blocks(apps: Any, schema_editor: Any) -> None:
    Table = apps.get_model("campaigns", "Table")
    for table in Table.objects.order_by("pk").iterator(chunk_size=200):
        if isinstance(table.state, dict) and "table" in table.state:
            table.state = {k: v for k, v in table.state.items() if k != "table"}
            table.save(update_fields=["state"])


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0010_table_origin")]

    operations = [migrations.RunPython(add_blocks, drop_blocks)]
