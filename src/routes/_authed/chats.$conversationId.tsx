import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Navigate } from "@tanstack/react-router";
import { isChatAccessDenied } from "../../components/chat/chat-errors";
import { ChatAccessDenied, ChatLoadFailed, ChatLoading } from "../../components/chat/chat-states";
import { ChatView } from "../../components/chat/chat-view";
import { trpc } from "../../trpc";

export const Route = createFileRoute("/_authed/chats/$conversationId")({
  loader: ({ context, params }) =>
    context.queryClient.prefetchQuery(context.trpc.chat.conversation.queryOptions({ conversationId: params.conversationId })),
  component: ConversationPage,
});

/** /chats/{conversationId}: a private conversation about a job. A group chat lives at /jobs/{jobId}/chat. */
function ConversationPage() {
  const { conversationId } = Route.useParams();
  const { me } = Route.useRouteContext();
  // The loader already asked; a refusal is final, so the page does not ask again on mount.
  const conversation = useQuery(trpc.chat.conversation.queryOptions({ conversationId }, { retryOnMount: false }));
  const back = { to: "chats" } as const;

  if (conversation.data?.kind === "group") {
    return <Navigate to="/jobs/$jobId/chat" params={{ jobId: conversation.data.jobId }} replace />;
  }
  if (conversation.data) return <ChatView key={conversation.data.id} conversation={conversation.data} meId={me.user.id} back={back} />;
  if (conversation.isPending) return <ChatLoading />;
  // A malformed id is refused like a missing one: the same answer as for an outsider.
  if (isChatAccessDenied(conversation.error) || (conversation.error?.data?.code === "BAD_REQUEST")) return <ChatAccessDenied back={back} />;
  return <ChatLoadFailed back={back} onRetry={() => void conversation.refetch()} />;
}
