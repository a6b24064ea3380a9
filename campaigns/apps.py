from django.apps import AppConfig


class CampaignsConfig(AppConfig):
    name = "campaigns"

    def ready(self) -> None:
        from django.contrib.auth import get_user_model
        from django.db.models.signals import post_save, pre_save

        from campaigns import stats_cache

        # A renamed account's name is in cached statistics (issue #14): they are bumped with it.
        user = get_user_model()
        pre_save.connect(stats_cache.note_rename, sender=user, dispatch_uid="stats-note-rename")
        post_save.connect(stats_cache.bump_on_rename, sender=user, dispatch_uid="stats-bump-on-rename")
