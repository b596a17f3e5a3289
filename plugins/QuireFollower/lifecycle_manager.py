#!/usr/bin/env python3
"""
QuireFollower lifecycle manager, in the shape BrainDrive's plugin template gives it.

Quire never runs this file: it reads the plugin_data and module_data literals below statically. It is
shipped instead of a plugin.json so that installing this sample exercises that path; BrainDrive would
import it and call the methods.
"""

from pathlib import Path
from typing import Any, Dict, List


class QuireFollowerLifecycleManager:
    """Describes the QuireFollower plugin and its one module."""

    def __init__(self, plugins_base_dir: str = None):
        self.plugin_data = {
            "name": "Quire Follower",
            "description": "Follows the chosen collection, the app's theme and the page it sits on.",
            "version": "1.0.0",
            "type": "frontend",
            "icon": "Visibility",
            "category": "utility",
            "official": True,
            "author": "Quire",
            "compatibility": "1.0.0",
            "scope": "QuireFollower",
            "bundle_method": "webpack",
            "bundle_location": "dist/remoteEntry.js",
            "is_local": False,
            "long_description": "A sample plugin built like BrainDrive's plugin template (webpack Module Federation, React 18, React shared eagerly as the template does). Its Collection follower receives quire.collection.selected messages, follows the theme and the page context, and looks the chosen collection up through the api service.",
            "plugin_slug": "QuireFollower",
            # Update tracking: system-managed, kept here as BrainDrive's template keeps them.
            "source_type": "local",
            "source_url": None,
            "update_check_url": None,
            "last_update_check": None,
            "update_available": False,
            "latest_version": None,
            "installation_type": "remote",
            "permissions": ["api.access"],
        }

        self.module_data = [
            {
                "name": "CollectionFollower",
                "display_name": "Collection follower",
                "description": "Shows the collection chosen in an overview on the same page.",
                "icon": "Visibility",
                "category": "utility",
                "priority": 1,
                "props": {"title": "Chosen collection"},
                "config_fields": {
                    "title": {
                        "type": "text",
                        "description": "Heading shown above the chosen collection",
                        "default": "Chosen collection",
                    },
                },
                "messages": {
                    "sends": [],
                    "receives": [
                        {
                            "type": "quire.collection.selected",
                            "description": "A collection was chosen in an overview module",
                            "contentSchema": {
                                "type": "object",
                                "properties": {
                                    "collection_id": {"type": "string", "description": "The collection's id"},
                                    "name": {"type": "string", "description": "The collection's name"},
                                    "description": {"type": "string"},
                                },
                            },
                        },
                    ],
                },
                "required_services": {
                    "api": {"methods": ["get"], "version": "1.0.0"},
                    "event": {"methods": ["subscribeToMessages", "unsubscribeFromMessages"], "version": "1.0.0"},
                    "theme": {
                        "methods": ["getCurrentTheme", "addThemeChangeListener", "removeThemeChangeListener"],
                        "version": "1.0.0",
                    },
                    "pageContext": {
                        "methods": ["getCurrentPageContext", "onPageContextChange"],
                        "version": "1.0.0",
                    },
                },
                "dependencies": [],
                "layout": {
                    "minWidth": 3,
                    "minHeight": 3,
                    "defaultWidth": 4,
                    "defaultHeight": 4,
                },
                "tags": ["collections", "theme", "sample"],
            },
        ]

        base = Path(plugins_base_dir) if plugins_base_dir else Path(__file__).parent
        self.shared_path = base / "shared" / self.plugin_data["plugin_slug"] / f"v{self.plugin_data['version']}"

    async def get_plugin_metadata(self) -> Dict[str, Any]:
        return self.plugin_data

    async def get_module_metadata(self) -> List[Dict[str, Any]]:
        return self.module_data
