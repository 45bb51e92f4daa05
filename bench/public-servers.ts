/**
 * Six public MCP servers that are not in the demo catalog and were not tuned on, for
 * `npm run bench:inference`: their real tool definitions are read at run time from the public data
 * set (`../shared/registry/tools/<file>`), never copied here. For each, what each tool does as a
 * person reads it (the operation the simulator should infer; `a|b` where either reading is fair),
 * and an agent-style walk: create → read → list/search with filters → update or state change →
 * delete → read, with the arguments an agent would send. `$name` in an argument is a value an
 * earlier step saved. Tools whose names the registry refuses (vectra's `Summarize Detection` and
 * `Visualize Entity Detections`, with spaces) are left out: no mock connection can serve them.
 */
import type { ToolOperation } from '../src/reading/tool-operation.js';

/** One call of a walk, and what its answer must show to be consistent with the ones before. */
export interface WalkStep {
  tool: string;
  args: Record<string, unknown>;
  /** Saves the answer's id under this name: the first of these fields found (at the top or one level down). */
  save?: { as: string; from: string[] };
  expect: {
    ok?: true;
    notFound?: true;
    /** Fields (found anywhere in the answer) and their values. */
    shows?: Record<string, unknown>;
    /** A saved value (`$id`) or a text that a list or search answer holds. */
    holds?: unknown;
    /** One that it no longer holds. */
    lacks?: unknown;
  };
}

export interface PublicServer {
  /** The file under `../shared/registry/tools/`. */
  file: string;
  /** Tool names by the operation a person reads in them (space-separated); every tool is listed once. */
  expected: Partial<Record<ToolOperation | `${ToolOperation}|${ToolOperation}`, string>>;
  walk: WalkStep[];
}

const ticket = 'TICKET_5a6b7c';

export const publicServers: PublicServer[] = [
  {
    file: '@AlfrescoLabs__alfresco-mcp-server.json',
    expected: {
      search: 'search_nodes',
      read: 'get_node get_node_content get_node_metadata',
      create: 'create_node upload_file copy_node',
      update: 'update_node',
      delete: 'delete_node',
      list: 'list_children',
    },
    walk: [
      {
        tool: 'create_node',
        args: { parentId: '-root-', name: 'Quarterly Report.docx', nodeType: 'cm:content', ticket },
        save: { as: 'node', from: ['id', 'nodeId'] },
        expect: { ok: true, shows: { name: 'Quarterly Report.docx' } },
      },
      { tool: 'get_node', args: { nodeId: '$node', ticket }, expect: { ok: true, shows: { name: 'Quarterly Report.docx' } } },
      { tool: 'search_nodes', args: { query: 'Quarterly', ticket, maxItems: 10 }, expect: { ok: true, holds: '$node' } },
      { tool: 'list_children', args: { nodeId: '-root-', ticket }, expect: { ok: true, holds: '$node' } },
      { tool: 'update_node', args: { nodeId: '$node', ticket, properties: { 'cm:title': 'Q3 Report' } }, expect: { ok: true } },
      { tool: 'get_node', args: { nodeId: '$node', ticket }, expect: { ok: true, shows: { 'cm:title': 'Q3 Report' } } },
      { tool: 'delete_node', args: { nodeId: '$node', ticket }, expect: { ok: true } },
      { tool: 'get_node', args: { nodeId: '$node', ticket }, expect: { notFound: true } },
    ],
  },
  {
    file: '@buildkite__buildkite-mcp-server.json',
    expected: {
      read: 'access_token current_user get_artifact get_build get_cluster get_cluster_queue get_pipeline get_test get_test_run user_token_organization',
      'read|list': 'get_job_logs',
      list: 'get_build_test_engine_runs get_failed_executions get_jobs list_annotations list_artifacts list_builds list_cluster_queues list_clusters list_pipelines list_test_runs',
      create: 'create_build create_pipeline',
      update: 'update_pipeline',
    },
    walk: [
      {
        tool: 'create_pipeline',
        args: {
          org_slug: 'acme',
          name: 'Deploy Service',
          cluster_id: '0191a1b2-3c4d-7e8f-9a0b-1c2d3e4f5a6b',
          configuration: 'steps:\n  - command: make deploy',
          repository_url: 'git@github.com:acme/deploy-service.git',
        },
        save: { as: 'pipeline', from: ['slug', 'pipeline_slug', 'id'] },
        expect: { ok: true, shows: { name: 'Deploy Service' } },
      },
      { tool: 'get_pipeline', args: { org: 'acme', pipeline_slug: '$pipeline' }, expect: { ok: true, shows: { name: 'Deploy Service' } } },
      { tool: 'list_pipelines', args: { org: 'acme', perPage: 20 }, expect: { ok: true, holds: '$pipeline' } },
      {
        tool: 'update_pipeline',
        args: { org_slug: 'acme', pipeline_slug: '$pipeline', description: 'Deploys the service to production' },
        expect: { ok: true },
      },
      {
        tool: 'get_pipeline',
        args: { org: 'acme', pipeline_slug: '$pipeline' },
        expect: { ok: true, shows: { description: 'Deploys the service to production' } },
      },
      {
        tool: 'create_build',
        args: { org_slug: 'acme', pipeline_slug: '$pipeline', branch: 'main', commit: 'HEAD', message: 'Release 1.4.0' },
        save: { as: 'build', from: ['number', 'build_number', 'id'] },
        expect: { ok: true },
      },
      {
        tool: 'get_build',
        args: { org: 'acme', pipeline_slug: '$pipeline', build_number: '$build' },
        expect: { ok: true, shows: { message: 'Release 1.4.0' } },
      },
      { tool: 'list_builds', args: { org: 'acme', pipeline_slug: '$pipeline', branch: 'main' }, expect: { ok: true, holds: '$build' } },
      { tool: 'get_pipeline', args: { org: 'acme', pipeline_slug: 'no-such-pipeline' }, expect: { notFound: true } },
    ],
  },
  {
    file: '@zencoderai__slack-mcp-server.json',
    expected: {
      list: 'slack_list_channels slack_get_channel_history slack_get_thread_replies slack_get_users',
      create: 'slack_post_message slack_reply_to_thread',
      'update|create': 'slack_add_reaction',
      read: 'slack_get_user_profile',
    },
    walk: [
      {
        tool: 'slack_post_message',
        args: { channel_id: 'C024BE91L', text: 'Deploy of 1.4.0 finished' },
        save: { as: 'message', from: ['ts', 'id'] },
        expect: { ok: true, shows: { text: 'Deploy of 1.4.0 finished' } },
      },
      {
        tool: 'slack_get_channel_history',
        args: { channel_id: 'C024BE91L', limit: 10 },
        expect: { ok: true, holds: 'Deploy of 1.4.0 finished' },
      },
      {
        tool: 'slack_reply_to_thread',
        args: { channel_id: 'C024BE91L', thread_ts: '$message', text: 'Thanks, looks good!' },
        expect: { ok: true },
      },
      {
        tool: 'slack_get_thread_replies',
        args: { channel_id: 'C024BE91L', thread_ts: '$message' },
        expect: { ok: true, holds: 'Thanks, looks good!' },
      },
      { tool: 'slack_add_reaction', args: { channel_id: 'C024BE91L', timestamp: '$message', reaction: 'thumbsup' }, expect: { ok: true } },
      { tool: 'slack_get_user_profile', args: { user_id: 'U024BE7LH' }, expect: { ok: true } },
    ],
  },
  {
    file: '@keboola__mcp-server.json',
    expected: {
      create: 'add_config_row create_config create_flow create_sql_transformation',
      'create|other': 'create_oauth_url run_job',
      search: 'docs_query find_component_id search',
      'search|other': 'query_data',
      read: 'get_bucket get_component get_config get_flow get_flow_schema get_job get_project_info get_sql_dialect get_table',
      'list|read': 'get_config_examples',
      list: 'list_buckets list_configs list_flows list_jobs list_tables list_transformations',
      update:
        'update_bucket_description update_column_description update_config update_config_row update_flow update_sql_transformation update_table_description',
    },
    walk: [
      {
        tool: 'create_config',
        args: {
          component_id: 'keboola.ex-http',
          name: 'Weather feed',
          description: 'Daily weather for the sales regions',
          parameters: { baseUrl: 'https://api.weather.example/v1' },
        },
        save: { as: 'config', from: ['configuration_id', 'id'] },
        expect: { ok: true, shows: { name: 'Weather feed' } },
      },
      {
        tool: 'get_config',
        args: { component_id: 'keboola.ex-http', configuration_id: '$config' },
        expect: { ok: true, shows: { name: 'Weather feed' } },
      },
      { tool: 'list_configs', args: { component_ids: ['keboola.ex-http'] }, expect: { ok: true, holds: '$config' } },
      {
        tool: 'update_config',
        args: {
          change_description: 'Hourly now',
          component_id: 'keboola.ex-http',
          configuration_id: '$config',
          name: 'Weather feed',
          description: 'Hourly weather for the sales regions',
          parameters: { baseUrl: 'https://api.weather.example/v1' },
        },
        expect: { ok: true },
      },
      {
        tool: 'get_config',
        args: { component_id: 'keboola.ex-http', configuration_id: '$config' },
        expect: { ok: true, shows: { description: 'Hourly weather for the sales regions' } },
      },
      {
        tool: 'run_job',
        args: { component_id: 'keboola.ex-http', configuration_id: '$config' },
        save: { as: 'job', from: ['job_id', 'id'] },
        expect: { ok: true },
      },
      { tool: 'get_job', args: { job_id: '$job' }, expect: { ok: true } },
      { tool: 'get_config', args: { component_id: 'keboola.ex-http', configuration_id: '999999999' }, expect: { notFound: true } },
    ],
  },
  {
    file: '@rohitg00__kubectl-mcp-server.json',
    expected: {
      'read|other': 'check_pod_health health_check kubectl_explain',
      create: 'create_deployment install_helm_chart',
      delete: 'delete_resource uninstall_helm_chart',
      list: 'get_api_resources get_cluster_roles get_configmaps get_deployments get_events get_namespaces get_nodes get_pod_events get_pods get_rbac_roles get_secrets get_services',
      read: 'get_current_context',
      'read|list': 'get_logs get_resource_usage',
      other: 'port_forward switch_context',
      update: 'scale_deployment upgrade_helm_chart',
    },
    walk: [
      {
        tool: 'create_deployment',
        args: { name: 'web', image: 'nginx:1.27', replicas: 2, namespace: 'shop' },
        expect: { ok: true, shows: { name: 'web' } },
      },
      { tool: 'get_deployments', args: { namespace: 'shop' }, expect: { ok: true, holds: 'web' } },
      { tool: 'scale_deployment', args: { name: 'web', replicas: 5, namespace: 'shop' }, expect: { ok: true } },
      { tool: 'get_deployments', args: { namespace: 'shop' }, expect: { ok: true, shows: { replicas: 5 } } },
      { tool: 'delete_resource', args: { name: 'web', resource_type: 'deployment', namespace: 'shop' }, expect: { ok: true } },
      { tool: 'get_deployments', args: { namespace: 'shop' }, expect: { ok: true, lacks: 'web' } },
    ],
  },
  {
    file: '@vectra-ai-research__vectra-ai-mcp-server.json',
    expected: {
      read: 'get_detection_details get_detection_pcap get_detection_summary get_account_details lookup_entity_info_by_name get_host_details lookup_host_by_ip get_assignment_detail_by_id get_assignment_for_entity',
      'read|list': 'get_detection_count',
      list: 'list_detections_with_details list_entity_detections list_detections_with_basic_info list_detection_ids list_entities list_assignments list_assignments_for_user list_platform_users list_lockdown_entities',
      create: 'create_assignment create_entity_note',
      update: 'mark_detection_fixed',
      delete: 'delete_assignment',
    },
    walk: [
      {
        tool: 'create_assignment',
        args: { assign_to_user_id: 42, assign_entity_id: 1001, assign_entity_type: 'host' },
        save: { as: 'assignment', from: ['id', 'assignment_id'] },
        expect: { ok: true },
      },
      { tool: 'get_assignment_detail_by_id', args: { assignment_id: '$assignment' }, expect: { ok: true } },
      { tool: 'list_assignments', args: { resolved: false }, expect: { ok: true, holds: '$assignment' } },
      { tool: 'list_assignments_for_user', args: { user_id: 42 }, expect: { ok: true, holds: '$assignment' } },
      { tool: 'delete_assignment', args: { assignment_id: '$assignment' }, expect: { ok: true } },
      { tool: 'get_assignment_detail_by_id', args: { assignment_id: '$assignment' }, expect: { notFound: true } },
    ],
  },
];
