# Issue #14 (import double count): the game an imported ended table copies (campaigns.origins).

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('campaigns', '0009_stats_version'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='table',
            name='origin_created_at',
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='table',
            name='origin_table_id',
            field=models.PositiveBigIntegerField(blank=True, null=True),
        ),
        migrations.AddIndex(
            model_name='table',
            index=models.Index(condition=models.Q(('origin_table_id__isnull', False)), fields=['origin_table_id', 'origin_created_at'], name='table_origin'),
        ),
    ]
