print("store-bench: being written")
