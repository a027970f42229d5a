import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { isChatAccessDenied, isGroupNotStarted } from "../../components/chat/chat-errors";
import { ChatAccessDenied, ChatLoadFailed, ChatLoading, ChatNotStarted } from "../../components/chat/chat-states";
import { ChatView } from "../../components/chat/chat-view";
import { trpc } from "../../trpc";

export const Route = createFileRoute("/_authed/jobs/$jobId/chat")({
  loader: ({ context, params }) =>
    context.queryClient.prefetchQuery(context.trpc.chat.conversationForJob.queryOptions({ jobId: params.jobId })),
  component: JobChatPage,
});

/** /jobs/{jobId}/chat: the job's group chat, for its owner and its accepted workers. */
function JobChatPage() {
  const { jobId } = Route.useParams();
  const { me } = Route.useRouteContext();
  // The loader already asked; a refusal is final, so the page does not ask again on mount.
  const conversation = useQuery(trpc.chat.conversationForJob.queryOptions({ jobId }, { retryOnMount: false }));
  const back = { to: "job", jobId } as const;

  if (conversation.data) return <ChatView key={conversation.data.id} conversation={conversation.data} meId={me.user.id} back={back} />;
  if (conversation.isPending) return <ChatLoading />;
  if (isChatAccessDenied(conversation.error)) return <ChatAccessDenied back={back} />;
  if (isGroupNotStarted(conversation.error)) return <ChatNotStarted jobId={jobId} />;
  return <ChatLoadFailed back={back} onRetry={() => void conversation.refetch()} />;
}
