import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";

import { isChatAccessDenied, isGroupNotStarted } from "../../components/chat/chat-errors.ts";
import { ChatLoadFailed, ChatLoading, ChatRefusal } from "../../components/chat/chat-states.tsx";
import { ChatView } from "../../components/chat/chat-view.tsx";
import { requireUuid } from "../../lib/route-data.ts";
import { trpc } from "../../trpc.ts";

export const Route = createFileRoute("/_authed/jobs/$jobId/chat")({
  loader: async ({ context, params }) => {
    requireUuid(params.jobId);
    // Refusals are told apart by their key (the group chat not started yet answers NOT_FOUND too).
    await context.queryClient.ensureQueryData(context.trpc.chat.conversationForJob.queryOptions({ jobId: params.jobId }));
  },
  pendingComponent: ChatLoading,
  // A job id that names no job looks like a chat the reader may not open.
  notFoundComponent: JobChatDenied,
  errorComponent: JobChatError,
  component: JobChatPage,
});

function JobChatDenied() {
  const { jobId } = Route.useParams();
  return <ChatRefusal reason="denied" back={{ to: "job", jobId }} />;
}

/** The owner before the first accept, outsiders, and other failures (with Try again). */
function JobChatError({ error }: { error: unknown }) {
  const { jobId } = Route.useParams();
  if (isGroupNotStarted(error)) return <ChatRefusal reason="not-started" back={{ to: "job", jobId }} />;
  if (isChatAccessDenied(error)) return <JobChatDenied />;
  return <ChatLoadFailed back={{ to: "job", jobId }} error={error} />;
}

/** /jobs/{jobId}/chat: the job's group chat, for its owner and its accepted workers. */
function JobChatPage() {
  const { jobId } = Route.useParams();
  const { me } = Route.useRouteContext();
  const { data: conversation } = useSuspenseQuery(trpc.chat.conversationForJob.queryOptions({ jobId }));
  return <ChatView key={conversation.id} conversation={conversation} meId={me.user.id} back={{ to: "job", jobId }} />;
}
