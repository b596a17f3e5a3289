#!/usr/bin/env python3
"""
QuireAiStandIn lifecycle manager, in the shape BrainDrive's Chat and Chat With Docs plugins give theirs.

Quire never runs this file: it reads the plugin_data, required_services_runtime and module_data
literals below statically. The plugin stands in, in Quire's CI, for BrainDrive's two AI plugins
(BrainDrive-Chat-Plugin and BrainDrive-Chat-With-Docs-Plugin): written by Quire, it makes the calls
those plugins make, the way they make them. Its runtime services are Chat With Docs' own (its
lifecycle_manager.py:130), which Quire provides.
"""


class QuireAiStandInLifecycleManager:
    """Describes the QuireAiStandIn plugin, its runtime services and its two modules."""

    def __init__(self, plugins_base_dir: str = None):
        self.plugin_data = {
            "name": "Quire AI stand-in",
            "description": "Makes the calls of BrainDrive's Chat and Chat With Docs plugins, for Quire's tests.",
            "version": "1.0.0",
            "type": "frontend",
            "icon": "Chat",
            "category": "ai",
            "official": True,
            "author": "Quire",
            "compatibility": "1.0.0",
            "scope": "QuireAiStandIn",
            "bundle_method": "webpack",
            "bundle_location": "dist/remoteEntry.js",
            "is_local": False,
            "long_description": "A sample plugin built like BrainDrive's plugin template. Its Chat module lists models, personas and conversations and streams an answer through /api/v1/ai/providers/chat as BrainDrive's Chat plugin does; its Chat with docs module checks the document services' health at their localhost URLs and lists, uploads, polls, chats and searches at http://127.0.0.1:8000 as BrainDrive's Chat With Docs plugin does. Each call cites the file and line of the plugin it stands for.",
            "plugin_slug": "QuireAiStandIn",
            "source_type": "local",
            "source_url": None,
            "update_check_url": None,
            "last_update_check": None,
            "update_available": False,
            "latest_version": None,
            "installation_type": "remote",
            "permissions": ["storage.read", "storage.write", "api.access"],
        }

        # As BrainDrive-Chat-With-Docs lifecycle_manager.py:130 declares them (no environment here).
        self.required_services_runtime = [
            {
                "name": "cwyd_service",
                "source_url": "https://github.com/BrainDriveAI/chat-with-your-documents",
                "type": "docker-compose",
                "install_command": "docker compose build",
                "start_command": "docker compose up -d",
                "healthcheck_url": "http://localhost:8000/health",
                "definition_id": "braindrive_chat_with_documents_settings",
                "required_env_vars": [],
            },
            {
                "name": "document_processing_service",
                "source_url": "https://github.com/BrainDriveAI/Document-Processing-Service",
                "type": "docker-compose",
                "install_command": "docker compose build",
                "start_command": "docker compose up -d",
                "healthcheck_url": "http://localhost:8080/health",
                "definition_id": "braindrive_chat_with_documents_settings",
                "required_env_vars": [],
            },
        ]

        self.module_data = [
            {
                "name": "Chat",
                "display_name": "Chat (stand-in)",
                "description": "Chats with a model through Quire's AI providers, with personas and history.",
                "icon": "Chat",
                "category": "ai",
                "tags": ["chat", "ai", "sample"],
                "priority": 1,
                "props": {},
                "config_fields": {},
                "messages": {"sends": [], "receives": []},
                "required_services": {
                    # As both BrainDrive plugins declare them (Chat lifecycle_manager.py:224, Chat With
                    # Docs lifecycle_manager.py:234), less the services these modules do not call.
                    "api": {"methods": ["get", "post", "put", "delete", "postStreaming"], "version": "1.0.0"},
                    "theme": {"methods": ["getCurrentTheme"], "version": "1.0.0"},
                },
                "layout": {"minWidth": 4, "minHeight": 4, "defaultWidth": 12, "defaultHeight": 8},
            },
            {
                "name": "ChatWithDocs",
                "display_name": "Chat with docs (stand-in)",
                "description": "Collections, documents, upload, chat with sources and search at the document chat service.",
                "icon": "Description",
                "category": "ai",
                "tags": ["documents", "ai", "sample"],
                "priority": 2,
                "props": {},
                "config_fields": {
                    "apiBaseUrl": {
                        "type": "text",
                        "description": "The document chat service's base URL",
                        "default": "http://127.0.0.1:8000",
                    },
                },
                "messages": {"sends": [], "receives": []},
                "required_services": {
                    # As both BrainDrive plugins declare them (Chat lifecycle_manager.py:224, Chat With
                    # Docs lifecycle_manager.py:234), less the services these modules do not call.
                    "api": {"methods": ["get", "post", "put", "delete", "postStreaming"], "version": "1.0.0"},
                    "theme": {"methods": ["getCurrentTheme"], "version": "1.0.0"},
                },
                "layout": {"minWidth": 4, "minHeight": 4, "defaultWidth": 12, "defaultHeight": 10},
            },
        ]
